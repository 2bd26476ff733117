// Uploads (POST /api/account/upload, /api/workOrderFile/upload) and the signed reading of files
// (GET /api/user/downLoadFile). The type is decided by the bytes (file-type's magic numbers), never
// by the name or the declared content type; the name's extension must agree with what the bytes
// are. Files start unattached; a work order or a reply takes them by id (work-order-files.ts).
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import {
  ALLOWED_EXTENSIONS,
  MAX_FILE_BYTES,
  type SignedFileQuery,
  type UploadedFile,
} from '../../../src/core/contract/work-orders'
import { fileExtension, WORK_ORDER_MSG } from '../../../src/core/validation/work-orders'
import type { AppContext } from '../../context'
import { uploadedFiles, uploadReservations, workOrders } from '../../db/schema'
import { forbidden, invalid, notFound, tooManyRequests } from '../shared/errors'
import type { FileStorage } from './file-storage'
import { isValidFileSignature, signedFileUrl } from './file-urls'
import type { Viewer } from '../shared/viewer'
import type { Db } from './work-order-rows'

/** Uploads one account may start in a minute (reservations in the shared table, all instances). */
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

/** Bytes of a stored file the type is decided by (file-type reads no further for our types). */
const TYPE_HEAD_BYTES = 64 * 1024

/** The quota refusal: what is full, its size, and what frees space (and when). */
export const uploadQuotaMessage = (quotaBytes: number) =>
  `附件存储空间已满（${Math.floor(quotaBytes / 1024 / 1024)}MB），请删除已关闭且不再需要的工单，其附件7天后释放`

/** The daily budget's refusal. */
export const uploadDailyMessage = (dailyBytes: number) =>
  `24小时内最多上传${Math.floor(dailyBytes / 1024 / 1024)}MB，请稍后再试`

/** Uploads nothing took are deleted this long after they were made (housekeeping). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3_600_000
/** A deleted work order's files are kept this long (a mistaken delete can still be told), then deleted. */
export const DELETED_WORK_ORDER_FILES_TTL_MS = 7 * 24 * 3_600_000
/** The daily upload budget's window. */
export const UPLOAD_DAY_MS = 24 * 3_600_000

/** A file received and stored but not yet the account's (no uploaded_files row). */
export interface StagedUpload {
  key: string
  size: number
  fileName: string
}

export function createUploadService({ db, config, now }: AppContext, { storage }: { storage: FileStorage }) {
  const urlOf = (fileId: string) => signedFileUrl(config.fileUrlSecret, fileId, now())
  const lockAccount = (tx: Db, accountId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads-account:${accountId}`}))`)

  /** Bytes the account's files take, counted until they are deleted (a deleted work order's too). */
  async function usedBytes(tx: Db, accountId: number, since?: Date): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string | null>`sum(${uploadedFiles.size})` })
      .from(uploadedFiles)
      .where(
        and(eq(uploadedFiles.accountId, accountId), ...(since ? [gt(uploadedFiles.createdAt, since)] : [])),
      )
    return Number(row?.total ?? 0)
  }

  /** Refuses a file of `size` bytes that would overrun the account's quota or its daily budget. */
  async function assertRoom(tx: Db, accountId: number, size: number): Promise<void> {
    if ((await usedBytes(tx, accountId)) + size > config.uploadQuotaBytes)
      throw invalid(uploadQuotaMessage(config.uploadQuotaBytes))
    const dayAgo = new Date(now().getTime() - UPLOAD_DAY_MS)
    if ((await usedBytes(tx, accountId, dayAgo)) + size > config.uploadDailyBytes)
      throw tooManyRequests(uploadDailyMessage(config.uploadDailyBytes))
  }

  /**
   * Takes one of the account's UPLOADS_PER_MINUTE slots, before the body is read, under the
   * account's lock: of 40 parallel uploads exactly 30 pass. A full quota or daily budget is refused
   * here too, so nothing is read for an account that cannot keep it.
   */
  async function reserve(viewer: Viewer): Promise<void> {
    await db.transaction(async (tx) => {
      await lockAccount(tx, viewer.accountId)
      const since = new Date(now().getTime() - 60_000)
      const [row] = await tx
        .select({ total: count() })
        .from(uploadReservations)
        .where(
          and(eq(uploadReservations.accountId, viewer.accountId), gt(uploadReservations.createdAt, since)),
        )
      if ((row?.total ?? 0) >= UPLOADS_PER_MINUTE) throw tooManyRequests(UPLOADS_RATE_LIMITED)
      await assertRoom(tx, viewer.accountId, 1)
      await tx.insert(uploadReservations).values({ accountId: viewer.accountId, createdAt: now() })
    })
  }

  /** Streams a received file into the store under a new key (not yet anyone's). */
  async function stage(fileName: string, source: Readable): Promise<StagedUpload> {
    const key = crypto.randomBytes(16).toString('hex')
    const size = await storage.put(key, source)
    return { key, size, fileName }
  }

  const discard = (staged: StagedUpload) => storage.delete(staged.key)

  /**
   * Makes a staged file the viewer's upload, unattached until a work order or a reply takes it:
   * its type from its first bytes, then, under the account's lock, the quota and the row. A
   * refused file is deleted.
   */
  async function accept(viewer: Viewer, staged: StagedUpload): Promise<UploadedFile> {
    try {
      if (staged.size > MAX_FILE_BYTES) throw invalid(WORK_ORDER_MSG.fileTooLarge)
      if (staged.size === 0) throw invalid(WORK_ORDER_MSG.uploadFailed)
      const fileName = sanitizeFileName(staged.fileName)
      const head = await storage.head(staged.key, TYPE_HEAD_BYTES)
      if (!head) throw invalid(WORK_ORDER_MSG.uploadFailed)
      const type = await detectUploadType(fileName, head)
      await db.transaction(async (tx) => {
        await lockAccount(tx, viewer.accountId)
        await assertRoom(tx, viewer.accountId, staged.size)
        await tx.insert(uploadedFiles).values({
          id: staged.key,
          accountId: viewer.accountId,
          memberId: viewer.memberId,
          subAccountId: viewer.subAccountId || null,
          fileName,
          ext: type.ext,
          mime: type.mime,
          size: staged.size,
          createdAt: now(),
        })
      })
      return { fileId: staged.key, url: urlOf(staged.key), fileName, fileSize: staged.size }
    } catch (error) {
      await discard(staged)
      throw error
    }
  }

  /**
   * A file read through its signed address; a stale or forged one is refused like a missing file.
   * The id names one file forever, so it is the entity tag.
   */
  async function read(address: SignedFileQuery, ifNoneMatch?: string) {
    if (!isValidFileSignature(config.fileUrlSecret, address, now())) throw forbidden(FILE_LINK_INVALID)
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, address.fileId))
    if (!file) throw notFound(FILE_LINK_INVALID)
    const etag = `"${file.id}"`
    const maxAge = Math.max(0, Math.floor(address.expires - now().getTime() / 1000))
    const meta = { fileName: file.fileName, mime: file.mime, etag, maxAge }
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return { ...meta, notModified: true as const }
    const stored = await storage.get(file.id)
    if (!stored) throw notFound(FILE_LINK_INVALID)
    return { ...meta, notModified: false as const, size: stored.size, body: stored.body }
  }

  /**
   * Deletes the uploads `where` selects, rows first (a file being attached meanwhile is kept:
   * attaching locks its row), then their bytes. One instance at a time (a try-lock: another
   * instance purging now skips); running it again deletes nothing more.
   */
  async function purge(job: string, where: SQL | undefined): Promise<number> {
    const deleted = await db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${job})) as locked`)
      const rows = (locked as unknown as { rows: { locked: boolean }[] }).rows
      if (!rows[0]?.locked) return []
      return tx.delete(uploadedFiles).where(where).returning({ id: uploadedFiles.id })
    })
    for (const { id } of deleted) await storage.delete(id)
    return deleted.length
  }

  /** Uploads nothing took within a day; and the per-minute slots past their minute. */
  async function purgeUnattached(): Promise<number> {
    const before = new Date(now().getTime() - UNATTACHED_UPLOAD_TTL_MS)
    const deleted = await purge(
      'housekeeping:unattached-uploads',
      and(isNull(uploadedFiles.workOrderId), lt(uploadedFiles.createdAt, before)),
    )
    await db
      .delete(uploadReservations)
      .where(lt(uploadReservations.createdAt, new Date(now().getTime() - 60_000)))
    return deleted
  }

  /** The files of work orders deleted more than DELETED_WORK_ORDER_FILES_TTL_MS ago (their quota is freed). */
  async function purgeDeletedWorkOrders(): Promise<number> {
    const before = new Date(now().getTime() - DELETED_WORK_ORDER_FILES_TTL_MS)
    const deletedOrders = db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(isNotNull(workOrders.deletedAt), lt(workOrders.deletedAt, before)))
    return purge('housekeeping:deleted-work-order-files', inArray(uploadedFiles.workOrderId, deletedOrders))
  }

  return { reserve, stage, discard, accept, read, urlOf, purgeUnattached, purgeDeletedWorkOrders }
}

/** If-None-Match: `*` or a list of tags (weak ones compare by their opaque part, RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export type UploadService = ReturnType<typeof createUploadService>
