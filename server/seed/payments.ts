// Demo payments: every seeded order that is paid online (our own channel 32, not the marketplace
// or partner channels, which are paid elsewhere) has the payment row its notification would have
// written, so the data reads as if each had been paid through the providers; a refunded order's
// payment has been refunded.
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { ORDER_STATUS, PAYMENT_STATE } from '../../src/core/contract/orders'
import { orders, payments } from '../db/schema'
import type { DemoIds } from './support'
import type { Tx } from '../db/client'

const DIRECT_CHANNEL = 32

export async function seedPayments(tx: Tx, ids: DemoIds): Promise<void> {
  const paid = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.accountId, [ids.main, ids.other]),
        inArray(orders.status, [ORDER_STATUS.paid, ORDER_STATUS.refunded]),
        eq(orders.salesChannel, DIRECT_CHANNEL),
        isNotNull(orders.payTime),
      ),
    )
  if (!paid.length) return
  await tx.insert(payments).values(
    paid.map((order, index) => {
      const refunded = order.status === ORDER_STATUS.refunded
      return {
        orderId: order.id,
        orderCode: order.orderCode,
        provider: index % 2 ? 'wxpay' : 'alipay',
        outTradeNo: order.orderCode,
        tradeNo: `SEED${order.orderCode}`,
        amount: order.payAmount,
        subAccountId: order.subAccountId,
        paidAt: order.payTime!,
        notifiedAt: order.payTime!,
        ...(refunded
          ? { state: PAYMENT_STATE.refunded, refundNo: `R${order.orderCode}`, refundedAt: order.payTime! }
          : {}),
      }
    }),
  )
}
