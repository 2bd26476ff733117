// Refunds of payments nobody may keep (a second payment, a late one that could not be fulfilled):
// a durable job over the payments table. A row due for refund is claimed with a lease, asked of its
// provider under a refund number fixed at the first claim (the provider's idempotency key, so a
// retry never refunds twice), and settled by the provider's answer, its refund notification or a
// later query. The member hears of it once it is refunded, through the account's 订单与发票
// preferences (services/notifications): a type-20 notice to the owner always, and the SMS (where a
// refund template is configured) and mail the preferences name. A refund that still fails after its
// retries is logged at error and counted, for staff.
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import { ORDER_STATUS, PAYMENT_STATE, type PaymentState } from '../../../src/core/contract/orders'
import type { AppContext } from '../../context'
import { NOTIFY_CATEGORY } from '../../../src/core/contract/notifications'
import { orders, payments } from '../../db/schema'
import {
  ProviderError,
  yuanToFen,
  type AlipayGateway,
  type RefundRequest,
  type RefundState,
  type WechatPayGateway,
} from '../../providers/payment/gateway'
import type { Notifier } from '../notifications/notifier'
import { refundSentence } from '../outbox/outgoing-texts'
import { paymentMetrics } from '../shared/counters'
import type { PaymentProvider } from '../../../src/core/contract/payments'
import type { Tx } from '../../db/client'

type PaymentRow = typeof payments.$inferSelect

/** account-area §9: message type 20 is a refund. */
export const REFUND_NOTICE_TYPE = 20
export const REFUND_NOTICE_TITLE = '退款通知'

/** Tries before a refund is left to staff (about a day with the backoff below). */
export const MAX_REFUND_ATTEMPTS = 10
/** 1, 2, 4 … minutes, at most 4 hours, between tries; also the lease of a claimed row. */
export const refundRetryMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 4 * 3_600_000)
/** Rows taken by one run. */
const BATCH = 10

export interface RefundGateways {
  alipay: AlipayGateway | null
  wxpay: WechatPayGateway | null
}

const paragraph = (text: string) => `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`

export function createRefunds(
  ctx: AppContext,
  { gateways, notifier }: { gateways: RefundGateways; notifier: Notifier },
) {
  const { db, now, log } = ctx
  /** Claims the rows whose turn it is, pushing each one's next turn out (the lease and the backoff). */
  async function claim(): Promise<PaymentRow[]> {
    const at = now()
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: payments.id, attempts: payments.refundAttempts })
        .from(payments)
        .where(
          and(
            inArray(payments.state, [PAYMENT_STATE.refundDue, PAYMENT_STATE.refunding]),
            lte(payments.refundNextAt, at),
          ),
        )
        .orderBy(asc(payments.refundNextAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      const claimed: PaymentRow[] = []
      for (const row of due) {
        const [updated] = await tx
          .update(payments)
          .set({
            refundAttempts: row.attempts + 1,
            refundNextAt: new Date(at.getTime() + refundRetryMs(row.attempts + 1)),
            // The order code and the payment's id: unique, stable, ≤ 64 characters at both providers.
            refundNo: sql`coalesce(${payments.refundNo}, ${payments.orderCode} || 'R' || ${payments.id})`,
          })
          .where(eq(payments.id, row.id))
          .returning()
        if (updated) claimed.push(updated)
      }
      return claimed
    })
  }

  const requestOf = (row: PaymentRow): RefundRequest => ({
    tradeNo: row.outTradeNo,
    transactionId: row.tradeNo,
    refundNo: row.refundNo!,
    refundFen: yuanToFen(row.amount),
    totalFen: yuanToFen(row.amount),
    reason: row.refundReason ?? '订单退款',
  })

  /** Asks the provider (a first ask, or where an accepted refund stands) and records the answer. */
  async function process(row: PaymentRow): Promise<void> {
    const gateway = gateways[row.provider as PaymentProvider]
    let answer: RefundState
    try {
      if (!gateway) throw new ProviderError(row.provider, 'not configured')
      const request = requestOf(row)
      answer =
        row.state === PAYMENT_STATE.refunding
          ? await gateway.queryRefund(request)
          : await gateway.refund(request)
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn(
        { orderCode: row.orderCode, refundNo: row.refundNo, reason: error.reason },
        'refund call failed',
      )
      if (row.refundAttempts >= MAX_REFUND_ATTEMPTS)
        await settle(row.refundNo!, { state: 'failed', reason: error.reason })
      return
    }
    if (answer.state === 'processing') {
      await db.update(payments).set({ state: PAYMENT_STATE.refunding }).where(eq(payments.id, row.id))
      if (row.refundAttempts >= MAX_REFUND_ATTEMPTS)
        await settle(row.refundNo!, { state: 'failed', reason: 'still processing after every retry' })
      return
    }
    await settle(row.refundNo!, answer)
  }

  /** One run: every refund whose turn it is. Returns how many were taken. */
  async function runDue(): Promise<number> {
    const rows = await claim()
    for (const row of rows) await process(row)
    return rows.length
  }

  /**
   * A refund's outcome (the provider's answer, its notification, or the last retry): the payment's
   * state; once refunded, an order left with no kept payment is 已退款 and the owner is told.
   * Settling the same refund again changes nothing.
   */
  async function settle(
    refundNo: string,
    outcome: { state: 'refunded' } | { state: 'failed'; reason: string },
  ) {
    const state: PaymentState =
      outcome.state === 'refunded' ? PAYMENT_STATE.refunded : PAYMENT_STATE.refundFailed
    const row = await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(payments)
        .set({ state, ...(state === PAYMENT_STATE.refunded ? { refundedAt: now() } : {}) })
        .where(
          and(
            eq(payments.refundNo, refundNo),
            inArray(payments.state, [PAYMENT_STATE.refundDue, PAYMENT_STATE.refunding]),
          ),
        )
        .returning()
      if (!settled || state !== PAYMENT_STATE.refunded) return settled
      await markOrderRefunded(tx, settled)
      await tellOwner(tx, settled)
      return settled
    })
    if (!row) return
    paymentMetrics.refundSettled(outcome.state)
    const where = { orderCode: row.orderCode, tradeNo: row.tradeNo, refundNo, amount: row.amount }
    if (outcome.state === 'failed')
      log.error({ ...where, reason: outcome.reason }, 'refund failed: staff must return this payment by hand')
    else log.info(where, 'payment refunded')
  }

  /**
   * A voided order none of whose payments is kept any more (each refunded) is 已退款; an unpaid one
   * stays payable (a stray payment of another amount was returned).
   */
  async function markOrderRefunded(tx: Tx, payment: PaymentRow) {
    const [kept] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, payment.orderId), ne(payments.state, PAYMENT_STATE.refunded)))
      .limit(1)
    if (kept) return
    await tx
      .update(orders)
      .set({ status: ORDER_STATUS.refunded })
      .where(and(eq(orders.id, payment.orderId), eq(orders.status, ORDER_STATUS.voided)))
  }

  /** The refund told through the account's 订单与发票 preferences: the notice (type 20), SMS and mail. */
  async function tellOwner(tx: Tx, payment: PaymentRow) {
    const [order] = await tx
      .select({ accountId: orders.accountId })
      .from(orders)
      .where(eq(orders.id, payment.orderId))
    if (!order) return
    const params = { orderCode: payment.orderCode, amount: Number(payment.amount).toFixed(2) }
    const sentence = refundSentence(params)
    await notifier.send(tx, {
      accountId: order.accountId,
      category: NOTIFY_CATEGORY.billing,
      notice: { type: REFUND_NOTICE_TYPE, title: REFUND_NOTICE_TITLE, content: paragraph(sentence) },
      sms: { template: 'refund', params },
      mail: {
        template: 'refund',
        subject: `【会员中心】${REFUND_NOTICE_TITLE}`,
        text: `您好！${sentence}`,
        html: paragraph('您好！') + paragraph(sentence),
      },
    })
  }

  return { runDue, settle }
}

export type Refunds = ReturnType<typeof createRefunds>
