// The engineer's side of work orders, for the development sandbox (/__dev/workorders): reply
// (role 2, with an attachment), note (role 4), and move an open order to 1 (awaiting the
// customer's confirmation), 2 (processing) or 5 (processing again: the vendor's engineers take an
// order back up on their side; no customer action leads to it). Production has no route to any of it.
import crypto from 'node:crypto'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { IN_SERVICE_STATUSES, WORK_ORDER_STATUS } from '../../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../../src/core/validation/work-orders'
import type { AppContext } from '../../context'
import { accounts, uploadedFiles, workOrders } from '../../db/schema'
import { invalid, notFound } from '../shared/errors'
import type { FileStorage } from './file-storage'
import { detectUploadType, sanitizeFileName, type IncomingUpload } from './uploads'
import type { Notifier } from '../notifications/notifier'
import { addRecord, RECORD_ROLE, touch, WORK_ORDER_MISSING, type Db } from './work-order-rows'
import { workOrderNews, type WorkOrderEvent } from './work-order-news'
import type { UnreadRepliesCache } from './unread-replies-cache'

export const ENGINEER_STATUS_TEXT = {
  1: '工程师已处理完成，请确认问题是否已解决',
  2: '工程师正在处理您的问题',
  5: '工程师已重新跟进您的问题',
} as const
export type EngineerStatus = keyof typeof ENGINEER_STATUS_TEXT

/** The statuses the customer is told of (processing after a reply says nothing new). */
const STATUS_NEWS: Partial<Record<EngineerStatus, WorkOrderEvent>> = {
  1: 'awaitingConfirmation',
  5: 'reopened',
}

const openOnly = and(inArray(workOrders.status, [...IN_SERVICE_STATUSES]), isNull(workOrders.deletedAt))

export function createWorkOrderEngineer(
  { db, now }: AppContext,
  {
    storage,
    notifier,
    unreadReplies,
  }: { storage: FileStorage; notifier?: Pick<Notifier, 'send'>; unreadReplies?: UnreadRepliesCache },
) {
  async function openOrder(tx: Db, id: number) {
    const [row] = await tx
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.id, id), openOnly))
      .for('update')
    if (!row) throw notFound(WORK_ORDER_MISSING)
    return row
  }

  /** Every open work order of every account, newest first. */
  async function listOpen() {
    return db
      .select({
        id: workOrders.id,
        number: workOrders.number,
        type: workOrders.type,
        status: workOrders.status,
        description: workOrders.description,
        urgedAt: workOrders.urgedAt,
        accountName: accounts.accountName,
      })
      .from(workOrders)
      .innerJoin(accounts, eq(accounts.id, workOrders.accountId))
      .where(openOnly)
      .orderBy(desc(workOrders.createdAt))
      .limit(200)
  }

  /** A reply (role 2, unread for the customer); an assigned order starts processing. */
  async function reply(id: number, content: string, upload: IncomingUpload | null) {
    const text = content.trim()
    if (!text && !upload) throw invalid(WORK_ORDER_MSG.replyRequired)
    const type = upload ? await detectUploadType(sanitizeFileName(upload.fileName), upload.bytes) : null
    const fileId = upload ? crypto.randomBytes(16).toString('hex') : null
    if (upload && fileId) await storage.put(fileId, upload.bytes)
    const accountId = await db.transaction(async (tx) => {
      const row = await openOrder(tx, id)
      const at = now()
      const recordId = await addRecord(tx, {
        workOrderId: row.id,
        role: RECORD_ROLE.engineerReply,
        content: text,
        at,
      })
      if (upload && fileId && type) {
        await tx.insert(uploadedFiles).values({
          id: fileId,
          accountId: row.accountId,
          memberId: null,
          fileName: sanitizeFileName(upload.fileName),
          ext: type.ext,
          mime: type.mime,
          size: upload.bytes.length,
          workOrderId: row.id,
          recordId,
          createdAt: at,
        })
      }
      const status = row.status === WORK_ORDER_STATUS.assigned ? WORK_ORDER_STATUS.processing : row.status
      await touch(tx, row.id, at, { status })
      await notifier?.send(tx, workOrderNews(row, 'reply', at, text))
      return row.accountId
    })
    unreadReplies?.forget(accountId)
  }

  /** An engineer's note (role 4): shown in the record, counted nowhere. */
  async function note(id: number, content: string) {
    const text = content.trim()
    if (!text) throw invalid(WORK_ORDER_MSG.replyRequired)
    await db.transaction(async (tx) => {
      const row = await openOrder(tx, id)
      const at = now()
      await addRecord(tx, { workOrderId: row.id, role: RECORD_ROLE.engineerNote, content: text, at })
      await touch(tx, row.id, at)
    })
  }

  /** 1 awaiting the customer's confirmation, 2 processing or 5 processing again, with a system record. */
  async function setStatus(id: number, status: EngineerStatus) {
    await db.transaction(async (tx) => {
      const row = await openOrder(tx, id)
      const at = now()
      await touch(tx, row.id, at, { status })
      await addRecord(tx, {
        workOrderId: row.id,
        role: RECORD_ROLE.system,
        content: ENGINEER_STATUS_TEXT[status],
        at,
      })
      const event = STATUS_NEWS[status]
      if (event) await notifier?.send(tx, workOrderNews(row, event, at))
    })
  }

  return { listOpen, reply, note, setStatus }
}

export type WorkOrderEngineer = ReturnType<typeof createWorkOrderEngineer>
