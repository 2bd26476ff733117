// Uploads (POST /api/account/upload, /api/workOrderFile/upload) and signed file reading
// (GET /api/user/downLoadFile). Multipart is parsed only in this scope, with hard limits: one file
// of at most 5 MiB and a few small fields. Every failure is an envelope with the spec's message
// (上传文件大小不能超过5MB!, 文件格式不支持, 上传失败，请重新上传！), never a 4xx/5xx page.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MAX_FILE_BYTES, type SignedFileQuery, type UploadedFile } from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { Refusal, invalid } from '../services/shared/errors'
import type { Services } from '../services'
import {
  isImageMime,
  type IncomingUpload,
  type StagedUpload,
  type UploadService,
} from '../services/work-orders/uploads'
import { documented, TAG } from './api-tags'
import { answer, fileAnswer, int, responseOf, shape, text } from './responses'
import { boundedInteger, INT32_MAX, object, requestOf, type TypedApp } from './schemas'

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
    throw uploadFailure(error)
  }
  return { upload, fields }
}

const downloadQuery = requestOf<SignedFileQuery>()(
  object(
    {
      fileId: { type: 'string', pattern: '^[0-9a-f]{32}$' },
      expires: boundedInteger(1, INT32_MAX),
      sig: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    },
    ['fileId', 'expires', 'sig'],
  ),
)

const about = documented(TAG.workOrders)

const uploadedFile = responseOf<UploadedFile>()(
  shape({ fileId: text, url: text, fileName: text, fileSize: int }),
)

/** The media types a stored file is served as (services/work-orders/uploads.ts DETECTED). */
const STORED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/vnd.rar',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
]

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * The one file of a user's upload, streamed into the store as it arrives (never whole in memory,
 * never through PGlite); a refused request keeps nothing.
 */
async function receiveUpload(req: FastifyRequest, uploads: UploadService): Promise<StagedUpload> {
  let staged: StagedUpload | null = null
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue
      if (staged) throw invalid(WORK_ORDER_MSG.tooManyFiles)
      staged = await uploads.stage(part.filename ?? '', part.file)
      // Cut at the limit: busboy ends the stream early and marks it.
      if (part.file.truncated) throw invalid(WORK_ORDER_MSG.fileTooLarge)
    }
  } catch (error) {
    if (staged) await uploads.discard(staged)
    throw uploadFailure(error)
  }
  if (!staged) throw invalid(WORK_ORDER_MSG.uploadFailed)
  return staged
}

/** The spec's words for what went wrong while reading a multipart body. */
function uploadFailure(error: unknown): Refusal {
  if (error instanceof Refusal) return error
  const code = (error as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return invalid(WORK_ORDER_MSG.fileTooLarge)
  if (code === 'FST_FILES_LIMIT') return invalid(WORK_ORDER_MSG.tooManyFiles)
  return invalid(WORK_ORDER_MSG.uploadFailed)
}

type ReadFile = Awaited<ReturnType<UploadService['read']>>

function sendFile(reply: FastifyReply, file: ReadFile) {
  const image = isImageMime(file.mime)
  reply
    .header('cache-control', `private, max-age=${file.maxAge}`)
    .header('etag', file.etag)
    .header('x-content-type-options', 'nosniff')
  if (file.notModified) return reply.code(304).send()
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', file.fileName))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body)
}

export function workOrderFileRoutes(app: TypedApp, { uploads }: Services, { requireViewer }: Guards) {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
    for (const url of ['/api/account/upload', '/api/workOrderFile/upload']) {
      const schema = {
        ...about('上传附件（multipart，字段 file）'),
        consumes: ['multipart/form-data'],
        response: answer(uploadedFile),
      }
      scope.post(url, { schema, preValidation: requireViewer }, async (req) => {
        if (!req.isMultipart()) throw invalid(WORK_ORDER_MSG.uploadFailed)
        // The slot first: a refused upload's body is never read.
        await uploads.reserve(req.viewer)
        const staged = await receiveUpload(req, uploads)
        return ok(await uploads.accept(req.viewer, staged), '上传成功')
      })
    }
  })

  // Public: the signature is the credential (<img>, image preview and downloadFile send no token).
  // Limited per address (server/http/rate-limits.ts); If-None-Match answers 304 without the bytes.
  app.get(
    '/api/user/downLoadFile',
    {
      schema: {
        ...about('读取附件（签名地址）'),
        querystring: downloadQuery,
        response: fileAnswer(STORED_FILE_TYPES),
      },
    },
    async (req, reply) => sendFile(reply, await uploads.read(req.query, req.headers['if-none-match'])),
  )
}
