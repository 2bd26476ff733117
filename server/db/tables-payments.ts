// Payments through the providers (doc2 §2 payment, §7). Each time an order is offered to a provider
// in one way (Alipay QR or wap, WeChat NATIVE, H5 or JSAPI of one app and payer) is an attempt with
// its own out_trade_no; every payment a provider confirms is a row of `payments`, whatever the
// order's state when it came: the first fulfils the order, any other is refunded (its state).
import { sql } from 'drizzle-orm'
import { index, integer, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
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
    /** Our out_trade_no: the attempt that was paid. */
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    /** The provider's own transaction number. */
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    /** What the provider says was paid, in yuan. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The sub-admin who placed the order, copied from it (null = the owner). */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    /** PAYMENT_STATE: paid (kept for the order), refund_due, refunding, refunded, refund_failed. */
    state: varchar('state', { length: 16 }).notNull().default('paid'),
    /** Why it is refunded: a second payment, a voided order, a rule that no longer holds. */
    refundReason: varchar('refund_reason', { length: 128 }),
    /** out_refund_no / out_request_no: fixed when the refund is first asked for, the same on every retry. */
    refundNo: varchar('refund_no', { length: 64 }),
    refundAttempts: smallint('refund_attempts').notNull().default(0),
    /** When the refund job may take the row again (a retry's backoff, or another instance's lease). */
    refundNextAt: at('refund_next_at'),
    refundedAt: at('refunded_at'),
    paidAt: at('paid_at').notNull(),
    notifiedAt: at('notified_at').notNull(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_trade_key').on(t.provider, t.tradeNo),
    uniqueIndex('payments_refund_key').on(t.refundNo),
    index('payments_code_idx').on(t.orderCode),
    index('payments_refund_due_idx')
      .on(t.refundNextAt)
      .where(sql`${t.state} in ('refund_due', 'refunding')`),
  ],
)

/**
 * Each way an order was offered to a provider: the status poll asks about a payment whose
 * notification never came (queried_at spaces the questions out across instances), a repeat of the
 * same way reuses the answer, and an attempt no longer wanted is closed at the provider (closed_at).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    /** alipay or wxpay. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** How it was offered: alipay qr / wap, wxpay native / h5 / jsapi-web / jsapi-mini. */
    channel: varchar('channel', { length: 16 }).notNull(),
    /** JSAPI: the payer's openid (a prepay id is bound to it); '' otherwise. */
    payer: varchar('payer', { length: 128 }).notNull().default(''),
    /** The out_trade_no the provider knows this attempt by. */
    tradeNo: varchar('trade_no', { length: 32 }).notNull(),
    /** The provider's answer, reused by a repeat: code_url, h5_url, QR text or JSAPI parameters (JSON). */
    answer: text('answer'),
    startedAt: at('started_at').notNull(),
    answeredAt: at('answered_at'),
    queriedAt: at('queried_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('payment_attempts_trade_key').on(t.provider, t.tradeNo),
    index('payment_attempts_order_idx').on(t.orderId),
  ],
)
