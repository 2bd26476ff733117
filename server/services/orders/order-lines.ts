// Order lines: every order has one line or more, written in the same statement batch as
// the order. A single purchase, renewal or upgrade has one line copying the order's columns; a batch
// renewal one per product. The order keeps a summary (product, cycle, total) for the lists that
// read only orders.
import { asc, eq, inArray } from 'drizzle-orm'
import type { OrderLineItem } from '../../../src/core/contract/orders'
import type { PaymentLine } from '../../../src/core/contract/checkout'
import type { Database } from '../../db/client'
import { orderLines, orders } from '../../db/schema'

type Executor = Database
type NewOrder = typeof orders.$inferInsert
export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
/** A line before its order exists. */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>

/** The one line of an order for one product: the order's own columns. */
export function singleLineOf(
  order: Pick<
    NewOrder,
    | 'businessId'
    | 'skuId'
    | 'productName'
    | 'productVersion'
    | 'productType'
    | 'secondDomain'
    | 'cycleNum'
    | 'payMethod'
    | 'payAmount'
  >,
): NewOrderLine {
  return {
    businessId: order.businessId ?? null,
    skuId: order.skuId,
    productName: order.productName,
    productVersion: order.productVersion ?? '',
    productType: order.productType,
    secondDomain: order.secondDomain ?? '',
    cycleNum: order.cycleNum ?? 1,
    payMethod: order.payMethod ?? '年',
    amount: order.payAmount,
  }
}

/**
 * Inserts orders with their lines: `lines` when given (one order only), else each order's single
 * line. Two statements: call it inside a transaction, so no order is ever seen without its lines.
 */
export async function insertOrders(
  tx: Executor,
  values: NewOrder[],
  lines?: NewOrderLine[],
): Promise<OrderRow[]> {
  if (!values.length) return []
  if (lines && values.length !== 1) throw new Error('explicit lines are for one order')
  const inserted = await tx.insert(orders).values(values).returning()
  const rows = inserted.flatMap((order, index) =>
    (lines ?? [singleLineOf(values[index]!)]).map((line) => ({ ...line, orderId: order.id })),
  )
  await tx.insert(orderLines).values(rows)
  return inserted
}

/** One order with its lines (its single line when none are given). */
export async function insertOrder(tx: Executor, values: NewOrder, lines?: NewOrderLine[]): Promise<OrderRow> {
  const [order] = await insertOrders(tx, [values], lines)
  return order!
}

/** The lines of these orders, in order, in one query. */
export async function linesOf(db: Executor, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]))
  if (!orderIds.length) return byOrder
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id))
  for (const row of rows) byOrder.get(row.orderId)?.push(row)
  return byOrder
}

/** The lines of one order. */
export async function linesOfOrder(db: Executor, orderId: number): Promise<OrderLineRow[]> {
  return (await linesOf(db, [orderId])).get(orderId) ?? []
}

/** A purchase's line learns its business once fulfilment opens it. */
export async function setLineBusiness(tx: Executor, orderId: number, businessId: number): Promise<void> {
  await tx.update(orderLines).set({ businessId }).where(eq(orderLines.orderId, orderId))
}

/** A line as the order list and detail show it. */
export function orderLineView(line: OrderLineRow): OrderLineItem {
  return {
    businessId: line.businessId,
    productName: line.productName,
    productVersion: line.productVersion,
    secondDomain: line.secondDomain,
    cycleNum: line.cycleNum,
    payMethod: line.payMethod,
    amount: Number(line.amount),
  }
}

/** A line as the payment page and GenerateOrder show it (doc2 §3 "Payment line"). */
export function paymentLineOf(orderCode: string, line: OrderLineRow): PaymentLine {
  return {
    OrderNo: orderCode,
    ProductName: line.productName,
    ProductTypeName: line.productVersion,
    BuyCycle: line.cycleNum,
    PayMethod: line.payMethod,
    Count: 1,
    Price: line.amount,
    secondDomain: line.secondDomain,
  }
}
