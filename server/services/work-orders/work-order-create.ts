// createWorkOrder (doc2 §2 Submit, §3 create payload, §5 work-order messages): the form is checked
// against its template with the same validateWorkOrderForm the console runs, then the parts only
// the server can check: the consulted order is the viewer's, a masked phone is the member's own
// bound phone, the files are the uploader's and free, and a maintenance request fits what the
// maintenance order still allows (and no other maintenance work order of the account is open).
import { and, desc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import {
  FILE_FIELDS,
  IN_SERVICE_STATUSES,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE,
  type ConsultableOrder,
  type CreatedWorkOrder,
  type CreateWorkOrderRequest,
  type FieldCode,
  type MaintenanceOrder,
  type WorkOrderDataField,
  type WorkOrderFileType,
} from '../../../src/core/contract/work-orders'
import { ORDER_STATUS } from '../../../src/core/contract/orders'
import { sanitizeHtml } from '../../../src/core/format/html'
import { maskPhone } from '../../../src/core/format/mask'
import {
  MASKED_PHONE_PATTERN,
  validateWorkOrderForm,
  WORK_ORDER_MSG,
} from '../../../src/core/validation/work-orders'
import type { AppContext } from '../../context'
import { members, orders, workOrders } from '../../db/schema'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import { ROLE } from '../../../src/core/contract/account'
import type { Viewer } from '../shared/viewer'
import { maintenanceOrdersOf, takeFromAllowance } from './work-order-maintenance'
import { offeredTemplate } from './work-order-templates'
import { addRecord, attachFiles, RECORD_ROLE, type Db } from './work-order-rows'

/** The fields that name an order of the account. */
const ORDER_FIELDS: FieldCode[] = ['orderCode', 'newOrderCode']
/** getNewOrderList: the orders of the last 30 days. */
const NEW_ORDER_DAYS = 30
export const SUBMITTED_RECORD = '您的工单已提交，工程师已接单，将尽快为您处理。'

/** The orders a viewer may see: the account's for the main account, its own for a sub-admin. */
function visibleOrders(viewer: Viewer) {
  return viewer.role === ROLE.main
    ? eq(orders.accountId, viewer.accountId)
    : and(eq(orders.accountId, viewer.accountId), eq(orders.subAccountId, viewer.subAccountId))
}

function consultable(row: typeof orders.$inferSelect): ConsultableOrder {
  return {
    orderCode: row.orderCode,
    productName: row.productName,
    productVersion: row.productVersion,
    createTime: row.createdAt.toISOString(),
    payAmount: row.payAmount,
  }
}

/** An unfinished maintenance work order of the account (any submitter), or null. */
export async function openMaintenanceWorkOrder(db: Db, accountId: number) {
  const [row] = await db
    .select({ id: workOrders.id, number: workOrders.number, subAccountId: workOrders.subAccountId })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.accountId, accountId),
        eq(workOrders.type, WORK_ORDER_TYPE.maintenance),
        inArray(workOrders.status, [...IN_SERVICE_STATUSES]),
        isNull(workOrders.deletedAt),
      ),
    )
    .limit(1)
  return row ?? null
}

export function createWorkOrderCreation({ db, now }: AppContext) {
  /** getOrderList: the paid and refunded orders a work order can be about. */
  async function orderList(viewer: Viewer): Promise<ConsultableOrder[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(visibleOrders(viewer), inArray(orders.status, [ORDER_STATUS.paid, ORDER_STATUS.refunded])))
      .orderBy(desc(orders.createdAt))
      .limit(200)
    return rows.map(consultable)
  }

  /** getNewOrderList: the orders of the last 30 days but voided ones (a new order to ask about). */
  async function newOrderList(viewer: Viewer): Promise<ConsultableOrder[]> {
    const since = new Date(now().getTime() - NEW_ORDER_DAYS * 86_400_000)
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          visibleOrders(viewer),
          notInArray(orders.status, [ORDER_STATUS.voided]),
          gte(orders.createdAt, since),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(200)
    return rows.map(consultable)
  }

  async function ownsOrder(viewer: Viewer, orderCode: string): Promise<boolean> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(visibleOrders(viewer), eq(orders.orderCode, orderCode)))
    return !!row
  }

  async function boundPhone(viewer: Viewer): Promise<string | null> {
    const [row] = await db
      .select({ phone: members.phone })
      .from(members)
      .where(eq(members.id, viewer.memberId))
    return row?.phone ?? null
  }

  /** The request's text values, one per code (a repeated code is refused). */
  function valuesOf(request: CreateWorkOrderRequest): Partial<Record<FieldCode, string>> {
    const values: Partial<Record<FieldCode, string>> = {}
    for (const field of request.acWorkOrderDataPos) {
      if (field.fieldCode in values) throw invalid(INVALID_PARAMS)
      values[field.fieldCode] = field.fieldValue.trim()
    }
    return values
  }

  function fileCountsOf(files: CreateWorkOrderRequest['acWorkOrderFilePos']) {
    const counts: Partial<Record<FieldCode, number>> = {}
    for (const [code, type] of Object.entries(FILE_FIELDS) as [FieldCode, WorkOrderFileType][]) {
      counts[code] = files.filter((f) => f.type === type).length
    }
    return counts
  }

  async function create(viewer: Viewer, request: CreateWorkOrderRequest): Promise<CreatedWorkOrder> {
    const template = await offeredTemplate(db, request.templateId)
    if (!template || template.workType !== request.type) throw invalid(WORK_ORDER_MSG.templateRequired)
    const maintenance = request.type === WORK_ORDER_TYPE.maintenance
    const values = valuesOf(request)
    // Files only in the upload fields the template has (each of them holds at most five).
    const fileTypes = new Set(template.fieldChild.map((f) => FILE_FIELDS[f.fieldCode]))
    if (request.acWorkOrderFilePos.some((f) => !fileTypes.has(f.type))) throw invalid(INVALID_PARAMS)
    const errors = validateWorkOrderForm(template.fieldChild, {
      templateId: template.id,
      values,
      fileCounts: fileCountsOf(request.acWorkOrderFilePos),
      serviceProject: maintenance ? (request.serviceProject ?? []) : undefined,
    })
    const first = Object.values(errors)[0]
    if (first) throw invalid(first)

    // The contact phone: a masked one stands for the member's bound phone, and only that one.
    if (values.telPhone && MASKED_PHONE_PATTERN.test(values.telPhone)) {
      const phone = await boundPhone(viewer)
      if (!phone || maskPhone(phone) !== values.telPhone) throw invalid(WORK_ORDER_MSG.contactInvalid)
      values.telPhone = phone
    }
    let orderCode: string | null = null
    for (const code of ORDER_FIELDS) {
      const value = values[code]
      if (!value) continue
      if (!(await ownsOrder(viewer, value))) throw invalid(WORK_ORDER_MSG.orderRequired)
      orderCode ??= value
    }
    let maintenanceOrder: MaintenanceOrder | null = null
    if (maintenance) {
      const code = values.dwServiceOrder ?? ''
      maintenanceOrder = (await maintenanceOrdersOf(db, viewer)).find((o) => o.orderCode === code) ?? null
      if (!maintenanceOrder) throw invalid(WORK_ORDER_MSG.orderRequired)
      if (values.websiteDomain && values.websiteDomain !== maintenanceOrder.websiteDomain)
        throw invalid(WORK_ORDER_MSG.domainMismatch)
      orderCode = maintenanceOrder.orderCode
    } else if (request.serviceProject?.length) {
      throw invalid(WORK_ORDER_MSG.templateRequired)
    }

    const dataFields: WorkOrderDataField[] = template.fieldChild
      .filter((f) => values[f.fieldCode] !== undefined && !(f.fieldCode in FILE_FIELDS))
      .map((f) => ({
        fieldCode: f.fieldCode,
        name: f.fieldName,
        fieldValue: sanitizeHtml(values[f.fieldCode] ?? ''),
        sort: f.sort,
      }))
    const at = now()
    return db.transaction(async (tx) => {
      let serviceProject = null
      if (maintenanceOrder) {
        if (await openMaintenanceWorkOrder(tx, viewer.accountId)) throw invalid(WORK_ORDER_MSG.waitFinish)
        serviceProject = await takeFromAllowance(
          tx,
          viewer.accountId,
          maintenanceOrder,
          request.serviceProject ?? [],
        )
        // takeFromAllowance locked the allowance rows: a concurrent submit waited there and sees this one now.
        if (await openMaintenanceWorkOrder(tx, viewer.accountId)) throw invalid(WORK_ORDER_MSG.waitFinish)
      }
      const [row] = await tx
        .insert(workOrders)
        .values({
          accountId: viewer.accountId,
          subAccountId: viewer.subAccountId || null,
          memberId: viewer.memberId,
          // Replaced by the id-based number below, inside this transaction.
          number: sql`'~' || substr(md5(random()::text), 1, 7)`,
          type: request.type,
          templateId: template.id,
          taskName: template.taskName,
          description: sanitizeHtml(values.description ?? ''),
          status: WORK_ORDER_STATUS.assigned,
          source: request.source,
          productVersion: maintenanceOrder?.productVersion ?? request.productVersion ?? null,
          termYear: maintenanceOrder?.termYear ?? null,
          orderCode,
          dataFields,
          serviceProject,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: workOrders.id })
      const number = workOrderNumber(row.id)
      await tx.update(workOrders).set({ number }).where(eq(workOrders.id, row.id))
      await attachFiles(tx, viewer, request.acWorkOrderFilePos, { workOrderId: row.id, recordId: null })
      await addRecord(tx, { workOrderId: row.id, role: RECORD_ROLE.system, content: SUBMITTED_RECORD, at })
      return { id: row.id, number }
    })
  }

  return { create, orderList, newOrderList }
}

/**
 * Work orders are numbered in one series from 20260001, the demo's first (8 digits, the column's
 * width): the id decides, so numbers never collide and need no counter of their own.
 */
export const workOrderNumber = (id: number) => String(20_260_000 + id)
