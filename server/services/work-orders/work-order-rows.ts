// What every work-order module shares: the ownership filter, the one refusal for a work order that
// is missing, deleted or another's, the wire shapes of rows, records and files, and the writers of
// records and file attachments. Imports nothing of the other work-order modules (no cycles).
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import {
  FILE_TYPE,
  RECORD_ROLE,
  type RecordRole,
  type WorkOrderFile,
  type WorkOrderFileType,
  type WorkOrderRecord,
  type WorkOrderStatus,
  type WorkOrderSummary,
  type WorkOrderType,
} from '../../../src/core/contract/work-orders'
import { sanitizeHtml } from '../../../src/core/format/html'
import { WORK_ORDER_MSG } from '../../../src/core/validation/work-orders'
import type { Database } from '../../db/client'
import { uploadedFiles, workOrderRecords, workOrders } from '../../db/schema'
import { invalid, notFound } from '../shared/errors'
import { signedFileUrl } from './file-urls'
import { ROLE } from '../../../src/core/contract/account'
import type { Viewer } from '../shared/viewer'

export type WorkOrderRow = typeof workOrders.$inferSelect
export type RecordRow = typeof workOrderRecords.$inferSelect
export type FileRow = typeof uploadedFiles.$inferSelect
/** The database or a transaction of it. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/** doc2 §4 record roles (the wire contract's): 0 system, 1 member, 2 engineer reply, 3 urgent prompt, 4 engineer note. */
export { RECORD_ROLE }

export const RECORD_TITLE: Record<RecordRole, string> = {
  0: '系统消息',
  1: '客户留言',
  2: '工程师回复',
  3: '加急申请',
  4: '工程师备注',
}

export const WORK_ORDER_MISSING = '工单不存在'

/** A main account sees its account's work orders; a sub-admin those it submitted. Deleted ones are gone. */
export function ownedBy(viewer: Viewer): SQL {
  const account = eq(workOrders.accountId, viewer.accountId)
  const visible = isNull(workOrders.deletedAt)
  return viewer.role === ROLE.main
    ? and(account, visible)!
    : and(account, eq(workOrders.subAccountId, viewer.subAccountId), visible)!
}

/** The viewer's work order, or the one refusal for missing, deleted and foreign ids alike. */
export async function findOwned(
  db: Db,
  viewer: Viewer,
  id: number,
  forUpdate = false,
): Promise<WorkOrderRow> {
  const query = db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), ownedBy(viewer)))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound(WORK_ORDER_MISSING)
  return row
}

/** Text of sanitised rich text, for the list's description column. */
export function plainText(html: string): string {
  return html
    .replace(/<\/?(?:br|p|div|li|tr|h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

export function summaryOf(row: WorkOrderRow, unread: number): WorkOrderSummary {
  return {
    id: row.id,
    number: row.number,
    type: row.type as WorkOrderType,
    description: plainText(row.description).slice(0, 200),
    submitTime: row.createdAt.toISOString(),
    lastUpdateTime: row.updatedAt.toISOString(),
    status: row.status as WorkOrderStatus,
    readState: unread > 0 ? 0 : 1,
    isUrgent: row.urgedAt ? 1 : 0,
  }
}

export function fileOf(secret: string, now: Date, file: FileRow): WorkOrderFile {
  return {
    fileId: file.id,
    fileUrl: signedFileUrl(secret, file.id, now),
    fileName: file.fileName,
    fileSize: file.size,
    type: file.fileType as WorkOrderFileType,
  }
}

export function recordOf(
  record: RecordRow,
  files: WorkOrderFile[],
  memberPhone: string | null,
  maskPhone: (phone: string | null) => string,
): WorkOrderRecord {
  return {
    id: record.id,
    role: record.role as RecordRole,
    title: record.title,
    content: record.content,
    createTime: record.createdAt.toISOString(),
    userTelPhone: record.role === RECORD_ROLE.member ? maskPhone(memberPhone) || null : null,
    serviceProject: null,
    acWorkOrderFilePos: files,
  }
}

export interface NewRecord {
  workOrderId: number
  role: RecordRole
  content: string
  memberId?: number | null
  serviceProject?: RecordRow['serviceProject']
  at: Date
}

/** Adds a record (content sanitised here, once, for every writer) and returns its id. */
export async function addRecord(db: Db, record: NewRecord): Promise<number> {
  const [row] = await db
    .insert(workOrderRecords)
    .values({
      workOrderId: record.workOrderId,
      role: record.role,
      title: RECORD_TITLE[record.role],
      content: sanitizeHtml(record.content),
      memberId: record.memberId ?? null,
      serviceProject: record.serviceProject ?? null,
      // The customer's own and the system's records need no reading; only engineer replies count.
      looked: record.role !== RECORD_ROLE.engineerReply,
      createdAt: record.at,
    })
    .returning({ id: workOrderRecords.id })
  return row.id
}

/** Marks a work order changed now (lastUpdateTime) and optionally sets its status. */
export async function touch(db: Db, id: number, at: Date, changes: Partial<WorkOrderRow> = {}) {
  await db
    .update(workOrders)
    .set({ ...changes, updatedAt: at })
    .where(eq(workOrders.id, id))
}

/**
 * Attaches the viewer's unattached uploads to a work order (and a record). Every id must be the
 * uploader's own and free, or nothing is attached: the client is told to upload again.
 */
export async function attachFiles(
  db: Db,
  owner: { accountId: number; memberId: number | null },
  files: readonly { fileId: string; type: WorkOrderFileType }[],
  target: { workOrderId: number; recordId: number | null },
) {
  if (files.length === 0) return
  const ids = [...new Set(files.map((f) => f.fileId))]
  if (ids.length !== files.length) throw invalid(WORK_ORDER_MSG.uploadFailed)
  const rows = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(
      and(
        inArray(uploadedFiles.id, ids),
        eq(uploadedFiles.accountId, owner.accountId),
        owner.memberId === null ? undefined : eq(uploadedFiles.memberId, owner.memberId),
        isNull(uploadedFiles.workOrderId),
      ),
    )
    .for('update')
  if (rows.length !== ids.length) throw invalid(WORK_ORDER_MSG.uploadFailed)
  for (const file of files) {
    await db
      .update(uploadedFiles)
      .set({ workOrderId: target.workOrderId, recordId: target.recordId, fileType: file.type })
      .where(eq(uploadedFiles.id, file.fileId))
  }
}

export const GENERAL_FILE = FILE_TYPE.general
