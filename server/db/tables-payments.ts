// Payments through the providers' sandboxes (doc2 §2 payment, §7). One row per paid order: the
// provider's asynchronous notification writes it in the transaction that marks the order paid, so
// a repeated notification finds it and changes nothing.
import { index, integer, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { orders } from './tables-commerce'
import { subAccounts } from './tables-members'

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    /** alipay (provider 1) or wxpay (provider 2). */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's own transaction number. */
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    /** What the provider says was paid, in yuan; equal to the order's pay_amount (checked). */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The sub-admin who placed the order, copied from it (null = the owner). */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    paidAt: at('paid_at').notNull(),
    notifiedAt: at('notified_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    uniqueIndex('payments_trade_key').on(t.provider, t.tradeNo),
    index('payments_code_idx').on(t.orderCode),
  ],
)

/**
 * Each provider an order was offered to (precreate, wap, JSAPI): the status poll asks these providers
 * about a payment whose notification never came (queried_at spaces the questions out across
 * instances), and a voided or expired order is closed at each of them (closed_at).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    /** alipay or wxpay. */
    provider: varchar('provider', { length: 16 }).notNull(),
    startedAt: at('started_at').notNull(),
    queriedAt: at('queried_at'),
    closedAt: at('closed_at'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.provider] })],
)
