// Uploads (POST /api/account/upload, /api/workOrderFile/upload) and the signed reading of files
// (GET /api/user/downLoadFile). The type is decided by the bytes (file-type's magic numbers), never
// by the name or the declared content type; the name's extension must agree with what the bytes
// are. Files start unattached; a work order or a reply takes them by id (work-order-files.ts).
import crypto from 'node:crypto'
import { and, count, eq, gt } from 'drizzle-orm'
import { ALLOWED_EXTENSIONS, MAX_FILE_BYTES, type UploadedFile } from '../../src/core/contract/work-orders'
import { fileExtension, WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { AppContext } from '../context'
import { uploadedFiles } from '../db/schema'
import { ApiFailure, invalid, tooManyRequests } from '../http/failure'
import { CODE } from '../http/envelope'
import type { FileStorage } from './file-storage'
import { isValidFileSignature, signedFileUrl } from './file-urls'
import type { Viewer } from './sessions'

/** Uploads one account may make in a minute (each instance counts the shared table). */
export const UPLOADS_PER_MINUTE = 30
export const UPLOADS_RATE_LIMITED = '上传过于频繁，请稍后再试'
export const FILE_LINK_INVALID = '文件链接已失效，请刷新页面后重试'
const FILE_NAME_MAX = 100

/** What the bytes may be, and the media type each is served as. */
const DETECTED: Record<string, { accepts: string[]; mime: string }> = {
  png: { accepts: ['png'], mime: 'image/png' },
  jpg: { accepts: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  pdf: { accepts: ['pdf'], mime: 'application/pdf' },
  rar: { accepts: ['rar'], mime: 'application/vnd.rar' },
  // A .docx is a zip archive: accepted as a zip named .docx, or when file-type recognises it.
  zip: { accepts: ['zip', 'docx'], mime: 'application/zip' },
  docx: {
    accepts: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  // A .doc is an OLE compound file.
  cfb: { accepts: ['doc'], mime: 'application/msword' },
}
const DOCX_MIME = DETECTED.docx.mime

export interface IncomingUpload {
  fileName: string
  bytes: Buffer
}

export interface DetectedType {
  ext: string
  mime: string
}

/**
 * A client's file name made safe to store and to send back in Content-Disposition: no folders, no
 * control or direction-override characters, at most 100 characters with its extension kept.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? ''
  const clean = base
    // Control characters (Cc), format characters such as direction overrides (Cf).
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  // The extension as written (a.JPG stays a.JPG); fileExtension compares it lower-cased.
  const ext = fileExtension(clean) ? clean.slice(clean.lastIndexOf('.') + 1, clean.lastIndexOf('.') + 9) : ''
  const stem = ext ? clean.slice(0, clean.lastIndexOf('.')) : clean
  const keep = Math.max(1, FILE_NAME_MAX - (ext ? ext.length + 1 : 0))
  const name = [...stem].slice(0, keep).join('') || 'file'
  return ext ? `${name}.${ext}` : name
}

type FileTypeModule = typeof import('file-type')
let fileTypeModule: Promise<FileTypeModule> | null = null
/** file-type is an ES module only: loaded once, on the first upload. */
const loadFileType = () => (fileTypeModule ??= import('file-type'))

/** The stored type of an upload, or the spec's refusal (文件格式不支持). */
export async function detectUploadType(fileName: string, bytes: Buffer): Promise<DetectedType> {
  const declared = fileExtension(fileName)
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(declared))
    throw invalid(WORK_ORDER_MSG.fileTypeUnsupported)
  const { fileTypeFromBuffer } = await loadFileType()
  const found = await fileTypeFromBuffer(bytes)
  const kind = found ? DETECTED[found.ext] : undefined
  if (!found || !kind || !kind.accepts.includes(declared)) throw invalid(WORK_ORDER_MSG.fileTypeUnsupported)
  if (found.ext === 'zip' && declared === 'docx') return { ext: 'docx', mime: DOCX_MIME }
  return { ext: found.ext === 'jpg' ? 'jpg' : found.ext === 'cfb' ? 'doc' : found.ext, mime: kind.mime }
}

export const isImageMime = (mime: string) => mime === 'image/png' || mime === 'image/jpeg'

export function createUploadService({ db, config, now }: AppContext, { storage }: { storage: FileStorage }) {
  const urlOf = (fileId: string) => signedFileUrl(config.fileUrlSecret, fileId, now())

  async function assertUnderLimit(viewer: Viewer) {
    const since = new Date(now().getTime() - 60_000)
    const [row] = await db
      .select({ total: count() })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.accountId, viewer.accountId), gt(uploadedFiles.createdAt, since)))
    if ((row?.total ?? 0) >= UPLOADS_PER_MINUTE) throw tooManyRequests(UPLOADS_RATE_LIMITED)
  }

  /** Stores an upload for the viewer: unattached until a work order or a reply takes it. */
  async function store(viewer: Viewer, upload: IncomingUpload): Promise<UploadedFile> {
    if (upload.bytes.length > MAX_FILE_BYTES) throw invalid(WORK_ORDER_MSG.fileTooLarge)
    if (upload.bytes.length === 0) throw invalid(WORK_ORDER_MSG.uploadFailed)
    const fileName = sanitizeFileName(upload.fileName)
    const type = await detectUploadType(fileName, upload.bytes)
    await assertUnderLimit(viewer)
    const id = crypto.randomBytes(16).toString('hex')
    await storage.put(id, upload.bytes)
    await db.insert(uploadedFiles).values({
      id,
      accountId: viewer.accountId,
      memberId: viewer.memberId,
      subAccountId: viewer.subAccountId || null,
      fileName,
      ext: type.ext,
      mime: type.mime,
      size: upload.bytes.length,
      createdAt: now(),
    })
    return { fileId: id, url: urlOf(id), fileName, fileSize: upload.bytes.length }
  }

  /** A file read through its signed address; a stale or forged one is refused like a missing file. */
  async function read(address: { fileId: string; expires: number; sig: string }) {
    if (!isValidFileSignature(config.fileUrlSecret, address, now()))
      throw new ApiFailure(CODE.forbidden, FILE_LINK_INVALID)
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, address.fileId))
    const bytes = file ? await storage.get(file.id) : null
    if (!file || !bytes) throw new ApiFailure(CODE.notFound, FILE_LINK_INVALID)
    const maxAge = Math.max(0, Math.floor(address.expires - now().getTime() / 1000))
    return { fileName: file.fileName, mime: file.mime, bytes, maxAge }
  }

  return { store, read, urlOf }
}

export type UploadService = ReturnType<typeof createUploadService>
