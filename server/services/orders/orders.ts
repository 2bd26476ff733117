// Orders of the viewer's account (doc2 §2 Order list / Order detail, §4 cancel). Every query is
// filtered by the viewer's account: another account's order or business is refused, never shown.
import { and, asc, count, desc, eq, exists, isNull, or, sql } from 'drizzle-orm'
import {
  BILLED_ELSEWHERE,
  ORDER_STATUS,
  ORDER_TYPE_LABEL,
  type Order,
  type OrderPayment,
  type OrderTypeId,
  type PaymentState,
} from '../../../src/core/contract/orders'
import { canVoidOrder } from '../../../src/core/validation/billing'
import type { AppContext } from '../../context'
import { businesses, orderLines, orders, payments } from '../../db/schema'
import { forbidden, invalid } from '../shared/errors'
import { evaluatePath, surveyLink } from '../evaluations/evaluations'
import { countedTotal } from '../shared/list-counts'
import { offsetOf, pageOf, totalBeside, type Page, type PageRequest } from '../shared/paging'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import type { Viewer } from '../shared/viewer'
import { linesOf, linesOfOrder, orderLineView, type OrderLineRow, type OrderRow } from './order-lines'

export const ORDER_MESSAGES = {
  notYours: '无权访问',
  onlyUnpaidVoid: '只有未支付的订单可以作废',
  noEvaluation: '该订单暂不能评价',
} as const

/** is_display of an order the lists show. */
const DISPLAYED = 1

/** The order came with a transferred product: its invoices and contracts are the payer's. */
export const billedElsewhere = (row: Pick<OrderRow, 'accountId' | 'billingAccountId'>) =>
  row.billingAccountId !== null && row.billingAccountId !== row.accountId

/** An order as the client sees it (doc2 §3 "Order"), with its lines. */
export function orderView(row: OrderRow, lines: OrderLineRow[], origin = ''): Order {
  const paperwork = billedElsewhere(row)
    ? { ...BILLED_ELSEWHERE, billUrl: '' }
    : {
        signStatus: row.signStatus,
        billStatus: row.billStatus,
        // Issued invoices are stored as a path on this server: hand out a full address.
        billUrl: row.billUrl.startsWith('/') ? origin + row.billUrl : row.billUrl,
      }
  return {
    id: row.id,
    orderCode: row.orderCode,
    businessId: row.businessId,
    productName: row.productName,
    productVersion: row.productVersion,
    orderTypeStr: ORDER_TYPE_LABEL[row.orderType as OrderTypeId] ?? '',
    cycleNum: row.cycleNum,
    payMethod: row.payMethod,
    createTime: row.createdAt.toISOString(),
    payTime: row.payTime?.toISOString() ?? null,
    status: row.status,
    originalAmount: Number(row.originalAmount),
    payAmount: Number(row.payAmount),
    salesChannel: row.salesChannel,
    productType: row.productType,
    ...paperwork,
    isEvaluate: row.isEvaluate,
    isDisplay: row.isDisplay,
    lines: lines.map(orderLineView),
  }
}

export function createOrderService(
  { db, now }: AppContext,
  { firstPages = createFirstPageCache() }: { firstPages?: FirstPageCache } = {},
) {
  const mine = (viewer: Viewer) =>
    and(eq(orders.accountId, viewer.accountId), eq(orders.isDisplay, DISPLAYED))

  /**
   * A batch renewal names its businesses in its lines only (orders.business_id is null): a
   * business's orders are those naming it, and the batches with a line for it.
   */
  const inBatchFor = (businessId: number) =>
    and(
      isNull(orders.businessId),
      exists(
        db
          .select({ one: sql`1` })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.businessId, businessId))),
      ),
    )

  /** A page of the viewer's displayed orders (of one business when given), newest first. */
  async function pageWhere(viewer: Viewer, businessId: number | null, request: PageRequest, origin: string) {
    const where =
      businessId === null
        ? mine(viewer)
        : and(mine(viewer), or(eq(orders.businessId, businessId), inBatchFor(businessId)))
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, async () => {
      const counted = await countedTotal(db, 'orders', {
        accountId: viewer.accountId,
        scope: businessId ?? undefined,
        states: [DISPLAYED],
      })
      if (businessId === null) return counted
      // The counters key orders by business_id: a business's batches are counted here (a few rows).
      const [batches] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(mine(viewer), inBatchFor(businessId)))
      return counted + (batches?.n ?? 0)
    })
    // The page's lines in one query, not one per order.
    const lines = await linesOf(
      db,
      rows.map((row) => row.id),
    )
    return pageOf(
      rows.map((row) => orderView(row, lines.get(row.id) ?? [], origin)),
      total,
      request,
    )
  }

  /** GET /api/pc/getOrder: newest first. */
  function page(viewer: Viewer, request: PageRequest, origin = ''): Promise<Page<Order>> {
    // Issued invoices' addresses start with the origin the call came to (orderView).
    return firstPages.page(viewer.accountId, `orders:${origin}`, request, () =>
      pageWhere(viewer, null, request, origin),
    )
  }

  /** GET /api/pc/getOrderDetails: the orders of one business of the account (doc2 §2 type 0). */
  async function pageOfBusiness(viewer: Viewer, businessId: number, request: PageRequest, origin = '') {
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.id, businessId), eq(businesses.accountId, viewer.accountId)))
    if (!business) throw forbidden(ORDER_MESSAGES.notYours)
    return pageWhere(viewer, businessId, request, origin)
  }

  /** One order of the account, or a refusal (another account's order looks the same as none). */
  async function ownRow(viewer: Viewer, where: { id: number } | { orderCode: string }): Promise<OrderRow> {
    const match = 'id' in where ? eq(orders.id, where.id) : eq(orders.orderCode, where.orderCode)
    const [row] = await db
      .select()
      .from(orders)
      .where(and(match, eq(orders.accountId, viewer.accountId)))
    if (!row) throw forbidden(ORDER_MESSAGES.notYours)
    return row
  }

  /** The payments the providers confirmed for an order, oldest first (a second one is refunded). */
  async function paymentsOf(orderId: number): Promise<OrderPayment[]> {
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.paidAt), asc(payments.id))
    return rows.map((row) => ({
      provider: row.provider as OrderPayment['provider'],
      amount: Number(row.amount),
      paidAt: row.paidAt.toISOString(),
      state: row.state as PaymentState,
      refundedAt: row.refundedAt?.toISOString() ?? null,
    }))
  }

  /** GET /api/pc/getOrderById: the order with its payments. */
  async function byId(viewer: Viewer, orderId: number, origin = ''): Promise<Order> {
    const row = await ownRow(viewer, { id: orderId })
    const lines = await linesOfOrder(db, row.id)
    return { ...orderView(row, lines, origin), payments: await paymentsOf(row.id) }
  }

  /**
   * doc2 §4 cancel: UpdateOrder (order service) then syncOrderStatus (account service) both set
   * status 4. Only an unpaid order may be voided; voiding a voided one again is harmless, so the
   * second call of the pair succeeds. Called by the payment service once the order's open payment
   * attempts are closed at the providers.
   */
  async function voidOrder(viewer: Viewer, orderCode: string): Promise<void> {
    const row = await ownRow(viewer, { orderCode })
    if (row.status === ORDER_STATUS.voided) return
    if (!canVoidOrder(row)) throw invalid(ORDER_MESSAGES.onlyUnpaidVoid)
    const voided = await db
      .update(orders)
      .set({ status: ORDER_STATUS.voided, payDeadline: null })
      .where(and(eq(orders.id, row.id), eq(orders.status, ORDER_STATUS.unpaid)))
      .returning({ id: orders.id })
    // Paid in the meantime (the payment engineer's callback): refuse rather than void a paid order.
    if (!voided.length) {
      const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.id))
      if (now?.status !== ORDER_STATUS.voided) throw invalid(ORDER_MESSAGES.onlyUnpaidVoid)
    }
  }

  /**
   * GET /api/app/evaluate/getEvaluateUrl: the survey link of a paid or refunded order (doc2 §4:
   * voided and unpaid orders hide 评价). The survey is made on first ask with a random uuId
   * (services/evaluations/evaluations.ts), so the same order always answers the same link.
   */
  async function evaluateUrl(viewer: Viewer, orderId: number, origin = ''): Promise<string> {
    const row = await ownRow(viewer, { id: orderId })
    if (row.status !== ORDER_STATUS.paid && row.status !== ORDER_STATUS.refunded) {
      throw invalid(ORDER_MESSAGES.noEvaluation)
    }
    const { uuId } = await surveyLink(db, row.accountId, { orderId: row.id }, now())
    return `${origin}${evaluatePath(uuId)}`
  }

  return { page, pageOfBusiness, ownRow, byId, voidOrder, evaluateUrl }
}

export type OrderService = ReturnType<typeof createOrderService>
