// Uploads (POST /api/account/upload, /api/workOrderFile/upload) and signed file reading
// (GET /api/user/downLoadFile). Multipart is parsed only in this scope, with hard limits: one file
// of at most 5 MiB and a few small fields. Every failure is an envelope with the spec's message
// (上传文件大小不能超过5MB!, 文件格式不支持, 上传失败，请重新上传！), never a 4xx/5xx page.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MAX_FILE_BYTES } from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { ApiFailure, invalid } from '../http/failure'
import type { Services } from '../services'
import { isImageMime, type IncomingUpload } from '../services/uploads'
import { boundedInteger, INT32_MAX, object } from './schemas'

export const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 2_000,
  fieldNameSize: 100,
  parts: 11,
  headerPairs: 50,
}

/** A multipart request's one file and its text fields; refusals as the spec words them. */
export async function readUpload(
  req: FastifyRequest,
): Promise<{ upload: IncomingUpload | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {}
  let upload: IncomingUpload | null = null
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        upload = { fileName: part.filename ?? '', bytes: await part.toBuffer() }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof ApiFailure) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(WORK_ORDER_MSG.fileTooLarge)
    if (code === 'FST_FILES_LIMIT') throw invalid(WORK_ORDER_MSG.tooManyFiles)
    throw invalid(WORK_ORDER_MSG.uploadFailed)
  }
  return { upload, fields }
}

const downloadQuery = object(
  {
    fileId: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    expires: boundedInteger(1, INT32_MAX),
    sig: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
  },
  ['fileId', 'expires', 'sig'],
)

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

function sendFile(
  reply: FastifyReply,
  file: { fileName: string; mime: string; bytes: Buffer; maxAge: number },
) {
  const image = isImageMime(file.mime)
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', `private, max-age=${file.maxAge}`)
    .send(file.bytes)
}

export function workOrderFileRoutes(app: FastifyInstance, { uploads }: Services, { requireViewer }: Guards) {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
    for (const url of ['/api/account/upload', '/api/workOrderFile/upload']) {
      scope.post(url, { preValidation: requireViewer }, async (req) => {
        if (!req.isMultipart()) throw invalid(WORK_ORDER_MSG.uploadFailed)
        const { upload } = await readUpload(req)
        if (!upload) throw invalid(WORK_ORDER_MSG.uploadFailed)
        return ok(await uploads.store(req.viewer, upload), '上传成功')
      })
    }
  })

  // Public: the signature is the credential (<img>, image preview and downloadFile send no token).
  app.get<{ Querystring: { fileId: string; expires: number; sig: string } }>(
    '/api/user/downLoadFile',
    { schema: { querystring: downloadQuery } },
    async (req, reply) => sendFile(reply, await uploads.read(req.query)),
  )
}
