// Demo payments: every seeded order that is paid online (our own channel 32, not the marketplace
// or partner channels, which are paid elsewhere) has the payment row its notification would have
// written, so the data reads as if each had been paid through the providers.
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { orders, payments } from '../db/schema'
import type { DemoIds, Tx } from './support'

const DIRECT_CHANNEL = 32

export async function seedPayments(tx: Tx, ids: DemoIds): Promise<void> {
  const paid = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.accountId, [ids.main, ids.other]),
        eq(orders.status, 1),
        eq(orders.salesChannel, DIRECT_CHANNEL),
        isNotNull(orders.payTime),
      ),
    )
  if (!paid.length) return
  await tx.insert(payments).values(
    paid.map((order, index) => ({
      orderId: order.id,
      orderCode: order.orderCode,
      provider: index % 2 ? 'wxpay' : 'alipay',
      tradeNo: `SEED${order.orderCode}`,
      amount: order.payAmount,
      subAccountId: order.subAccountId,
      paidAt: order.payTime!,
      notifiedAt: order.payTime!,
    })),
  )
}
