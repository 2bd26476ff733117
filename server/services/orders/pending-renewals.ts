// Which products already wait in an unpaid renewal: a renewal order, unpaid and not past
// its deadline, with a line for the product. Read through the lines, so a single renewal (one
// line) and a batch renewal (a line per product) are found alike.
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { ORDER_STATUS, ORDER_TYPE } from '../../../src/core/contract/orders'
import type { Database } from '../../db/client'
import { orderLines, orders } from '../../db/schema'

export interface PendingRenewal {
  businessId: number
  orderCode: string
  /** A batch renewal (the order names no single business). */
  batch: boolean
}

/** The unpaid renewals waiting for these businesses, newest first. */
export async function unpaidRenewalsOf(
  db: Database,
  businessIds: number[],
  at: Date,
): Promise<PendingRenewal[]> {
  if (!businessIds.length) return []
  const rows = await db
    .select({
      businessId: orderLines.businessId,
      orderCode: orders.orderCode,
      orderBusiness: orders.businessId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.businessId, businessIds),
        eq(orders.orderType, ORDER_TYPE.renewal),
        eq(orders.status, ORDER_STATUS.unpaid),
        or(isNull(orders.payDeadline), gt(orders.payDeadline, at)),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
  return rows.map((row) => ({
    businessId: row.businessId!,
    orderCode: row.orderCode,
    batch: row.orderBusiness === null,
  }))
}
