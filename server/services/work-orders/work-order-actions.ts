// What a customer does to a work order (doc2 §4 actions), each allowed only where the shared state
// table `workOrderActions` allows it: the console shows the same table, the server enforces it.
// Every change runs in a transaction on the locked row and leaves a record.
import { and, eq } from 'drizzle-orm'
import {
  CLOSE_REASONS,
  FILE_TYPE,
  REOPEN_REASONS,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE,
  workOrderActions,
  type CloseWorkOrderRequest,
  type OpenWorkOrderRequest,
  type SaveRecordRequest,
  type WorkOrderActions,
  type WorkOrderStatus,
  type WorkOrderType,
} from '../../../src/core/contract/work-orders'
import {
  closeReasonError,
  continueError,
  reopenErrors,
  replyError,
} from '../../../src/core/validation/work-orders'
import type { AppContext } from '../../context'
import type { Notifier } from '../notifications/notifier'
import { businesses, orders, workOrderRecords } from '../../db/schema'
import { invalid } from '../shared/errors'
import type { Viewer } from '../shared/viewer'
import { takeFromAllowance } from './work-order-maintenance'
import { workOrderNews } from './work-order-news'
import {
  addRecord,
  attachFiles,
  findOwned,
  RECORD_ROLE,
  touch,
  type Db,
  type WorkOrderRow,
} from './work-order-rows'
import type { UnreadRepliesCache } from './unread-replies-cache'

/** The refusal of each action outside the states that allow it. */
export const ACTION_REFUSED = {
  reply: '当前工单已关闭，不能留言',
  confirm: '当前工单不在待确认状态',
  close: '当前工单已关闭，无需重复关闭',
  reopen: '只有已关闭的工单可以重开服务',
  urgent: '当前工单已关闭，不能申请加急',
  urgedAlready: '您已申请过加急，请耐心等待',
  remove: '只有已关闭的工单可以删除',
  adjust: '当前工单不能调整服务项目',
  open: '当前工单状态不支持此操作',
  /** A maintenance order's business is no longer the account's (a product transfer moved it). */
  moved: '该代维管家服务已移交给其他账号，工单只能关闭',
  orderMoved: '工单所咨询的订单已移交给其他账号，工单只能关闭或删除',
} as const

export const SYSTEM_TEXT = {
  closed: (reason: string) => `工单已关闭，关闭原因：${reason}`,
  completed: '客户已确认工单完结',
  continued: '客户继续咨询，工单重新进入处理中',
  reopened: (reason: string) => `工单已重开（${reason}），工程师将在2小时内处理`,
  adjusted: '服务项目调整',
  urged: '客户申请加急处理，请尽快响应',
} as const

const actionsOf = (row: WorkOrderRow): WorkOrderActions =>
  workOrderActions({
    status: row.status as WorkOrderStatus,
    type: row.type as WorkOrderType,
    lastUpdateTime: row.updatedAt.toISOString(),
    urgedAt: row.urgedAt?.toISOString() ?? null,
  })

/**
 * The order a work order names must still be its account's: a product transfer moves orders (and
 * a maintenance service's business) to the receiver, and the former owner may then only close or
 * delete. Held against a transfer until the action commits.
 */
async function assertOrderHeld(tx: Db, row: WorkOrderRow) {
  if (!row.orderCode) return
  if (row.type === WORK_ORDER_TYPE.maintenance) {
    const [held] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.orderCode, row.orderCode), eq(businesses.accountId, row.accountId)))
      .for('share')
    if (!held) throw invalid(ACTION_REFUSED.moved)
    return
  }
  const [order] = await tx
    .select({ accountId: orders.accountId })
    .from(orders)
    .where(eq(orders.orderCode, row.orderCode))
    .for('share')
  // An order code the console never had (an order of the old system) has nothing to move.
  if (order && order.accountId !== row.accountId) throw invalid(ACTION_REFUSED.orderMoved)
}

export function createWorkOrderActions(
  { db, now }: AppContext,
  { notifier, unreadReplies }: { notifier?: Pick<Notifier, 'send'>; unreadReplies?: UnreadRepliesCache } = {},
) {
  /**
   * Runs `change` on the viewer's locked work order in one transaction. A maintenance order's
   * business must still be the account's (checked on every action, held against a transfer until
   * the action commits); only closing and deleting (`ending`) remain once it moved.
   */
  function onOwned<T>(
    viewer: Viewer,
    id: number,
    change: (tx: Db, row: WorkOrderRow, at: Date) => Promise<T>,
    ending = false,
  ) {
    return db.transaction(async (tx) => {
      const row = await findOwned(tx, viewer, id, true)
      if (!ending) await assertOrderHeld(tx, row)
      return change(tx, row, now())
    })
  }

  /**
   * saveRecords: a message with attachments at any status before closed (doc2 §4 "add message (any
   * time)"). The status stays: at 1 a message does not reopen the order, 继续咨询 does.
   */
  function saveRecord(viewer: Viewer, request: SaveRecordRequest) {
    return onOwned(viewer, request.workOrderId, async (tx, row, at) => {
      if (!actionsOf(row).reply) throw invalid(ACTION_REFUSED.reply)
      const files = request.acWorkOrderFilePos ?? []
      const error = replyError(request.content, files.length)
      if (error) throw invalid(error)
      const recordId = await addRecord(tx, {
        workOrderId: row.id,
        role: RECORD_ROLE.member,
        content: request.content.trim(),
        memberId: viewer.memberId,
        at,
      })
      const typed = files.map((f) => ({ fileId: f.fileId, type: FILE_TYPE.general }))
      await attachFiles(tx, viewer, typed, { workOrderId: row.id, recordId })
      await touch(tx, row.id, at)
      return { id: recordId }
    })
  }

  /** closeWorkOrder: isClose 1 closes with a reason (→ 4); isClose 0 confirms completion at 1 (→ 3). */
  function close(viewer: Viewer, request: CloseWorkOrderRequest) {
    return onOwned(
      viewer,
      request.id,
      async (tx, row, at) => {
        const actions = actionsOf(row)
        if (request.isClose === 1) {
          if (!actions.close) throw invalid(ACTION_REFUSED.close)
          const reason = (request.closeReason ?? '').trim()
          const error = closeReasonError(reason, CLOSE_REASONS)
          if (error) throw invalid(error)
          await touch(tx, row.id, at, { status: WORK_ORDER_STATUS.closed, closeReason: reason })
          await addRecord(tx, {
            workOrderId: row.id,
            role: RECORD_ROLE.system,
            content: SYSTEM_TEXT.closed(reason),
            at,
          })
          return WORK_ORDER_STATUS.closed
        }
        await assertOrderHeld(tx, row)
        if (!actions.confirmOrContinue) throw invalid(ACTION_REFUSED.confirm)
        await touch(tx, row.id, at, { status: WORK_ORDER_STATUS.completed })
        await addRecord(tx, {
          workOrderId: row.id,
          role: RECORD_ROLE.system,
          content: SYSTEM_TEXT.completed,
          at,
        })
        // Completed is the status that can be rated: the account hears of it with a link to 评价.
        await notifier?.send(tx, workOrderNews(row, 'completed', at))
        return WORK_ORDER_STATUS.completed
      },
      true,
    )
  }

  /**
   * openWorkOrder: with serviceProject, adjusts an open maintenance order's items; at status 1,
   * continues the service (→ 2); closed, reopens with a reason (→ 0). Anything else is refused.
   */
  function open(viewer: Viewer, request: OpenWorkOrderRequest) {
    return onOwned(viewer, request.id, async (tx, row, at) => {
      const actions = actionsOf(row)
      const content = (request.content ?? '').trim()
      const member = { workOrderId: row.id, role: RECORD_ROLE.member, memberId: viewer.memberId, at }
      const system = { workOrderId: row.id, role: RECORD_ROLE.system, at }
      if (request.serviceProject !== undefined) {
        if (!actions.adjustServiceItems || row.type !== WORK_ORDER_TYPE.maintenance || !row.orderCode)
          throw invalid(ACTION_REFUSED.adjust)
        const order = {
          orderCode: row.orderCode,
          productVersion: row.productVersion ?? '',
          termYear: row.termYear ?? 1,
        }
        const taken = await takeFromAllowance(
          tx,
          row.accountId,
          order,
          request.serviceProject,
          row.serviceProject ?? [],
        )
        await touch(tx, row.id, at, { serviceProject: taken })
        await addRecord(tx, { ...system, content: content || SYSTEM_TEXT.adjusted, serviceProject: taken })
        return row.status
      }
      if (actions.confirmOrContinue) {
        const error = continueError(content)
        if (error) throw invalid(error)
        await addRecord(tx, { ...member, content })
        await touch(tx, row.id, at, { status: WORK_ORDER_STATUS.processing })
        await addRecord(tx, { ...system, content: SYSTEM_TEXT.continued })
        return WORK_ORDER_STATUS.processing
      }
      if (actions.reopen) {
        const reason = (request.communicateReason ?? '').trim()
        const errors = reopenErrors(reason, content, REOPEN_REASONS)
        const first = errors.reason ?? errors.description
        if (first) throw invalid(first)
        await addRecord(tx, { ...member, content })
        await touch(tx, row.id, at, { status: WORK_ORDER_STATUS.assigned, closeReason: null })
        await addRecord(tx, { ...system, content: SYSTEM_TEXT.reopened(reason) })
        return WORK_ORDER_STATUS.assigned
      }
      throw invalid(ACTION_REFUSED.open)
    })
  }

  /** urgentWorkOrder: once per open order, with a role 3 record. */
  function urge(viewer: Viewer, id: number) {
    return onOwned(viewer, id, async (tx, row, at) => {
      if (!actionsOf(row).urgent)
        throw invalid(row.urgedAt ? ACTION_REFUSED.urgedAlready : ACTION_REFUSED.urgent)
      await touch(tx, row.id, at, { urgedAt: at })
      await addRecord(tx, {
        workOrderId: row.id,
        role: RECORD_ROLE.urgent,
        content: SYSTEM_TEXT.urged,
        at,
      })
    })
  }

  /** deleteWorkOrder: closed orders only; the row stays for the record and is shown nowhere. */
  function remove(viewer: Viewer, id: number) {
    return onOwned(
      viewer,
      id,
      async (tx, row, at) => {
        if (!actionsOf(row).remove) throw invalid(ACTION_REFUSED.remove)
        await touch(tx, row.id, at, { deletedAt: at })
      },
      true,
    ).finally(() => unreadReplies?.forget(viewer.accountId))
  }

  /** updRecordLook: the engineer replies of one work order are seen (the header badge drops). */
  async function markLooked(viewer: Viewer, workOrderId: number) {
    const row = await findOwned(db, viewer, workOrderId)
    await db
      .update(workOrderRecords)
      .set({ looked: true })
      .where(
        and(
          eq(workOrderRecords.workOrderId, row.id),
          eq(workOrderRecords.role, RECORD_ROLE.engineerReply),
          eq(workOrderRecords.looked, false),
        ),
      )
    // The badge is asked again right away: this instance must not wait for the notification.
    unreadReplies?.forget(viewer.accountId)
  }

  return { saveRecord, close, open, urge, remove, markLooked }
}
