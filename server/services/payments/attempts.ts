// Payment attempts: each way an order is offered to a provider has its own out_trade_no (the order
// code plus a suffix per provider, trade type and app, then a sequence number), so WeChat never sees
// one number with other parameters (OUT_TRADE_NO_USED) and a closed trade is never offered again.
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { paymentAttempts } from '../../db/schema'
import type { PaymentProvider } from '../../../src/core/contract/payments'
import type { OrderRow } from '../orders/order-lines'

/** How an order is offered: Alipay QR or wap; WeChat NATIVE, H5, JSAPI in its browser or the mini-program. */
export type PayChannel = 'qr' | 'wap' | 'native' | 'h5' | 'jsapi-web' | 'jsapi-mini'

export type AttemptRow = typeof paymentAttempts.$inferSelect

const SUFFIX: Record<PayChannel, string> = {
  qr: 'AQ',
  wap: 'AW',
  native: 'WN',
  h5: 'WH',
  'jsapi-web': 'WJ',
  'jsapi-mini': 'WM',
}

/** WeChat takes 6–32 letters, digits and _-|*; Alipay 64 letters, digits and underscores. */
export const TRADE_NO_PATTERN = /^[0-9A-Za-z]{6,32}$/

/**
 * How long an answer may be handed out again: WeChat's h5_url lives 5 minutes; a code_url, a prepay
 * id and Alipay's QR outlive the 30-minute payment window.
 */
const ANSWER_LIFETIME_MS: Partial<Record<PayChannel, number>> = { h5: 4 * 60_000 }

export const providerOf = (channel: PayChannel): PaymentProvider =>
  channel === 'qr' || channel === 'wap' ? 'alipay' : 'wxpay'

/** The n-th attempt of an order on a channel: `<order code><suffix><n>`. */
export function attemptTradeNo(orderCode: string, channel: PayChannel, n: number): string {
  const tradeNo = `${orderCode}${SUFFIX[channel]}${n}`
  if (!TRADE_NO_PATTERN.test(tradeNo)) throw new Error(`out_trade_no out of shape: ${tradeNo}`)
  return tradeNo
}

/** The sequence number of an attempt's out_trade_no (0 for one made before attempts had suffixes). */
function sequenceOf(row: AttemptRow): number {
  const match = /(\d+)$/.exec(row.tradeNo.slice(row.orderCode.length))
  return match ? Number(match[1]) : 0
}

export function createAttempts({ db, now }: Pick<AppContext, 'db' | 'now'>) {
  /** The order's attempts not closed yet, newest first. */
  function openOf(orderId: number): Promise<AttemptRow[]> {
    return db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), isNull(paymentAttempts.closedAt)))
      .orderBy(desc(paymentAttempts.id))
  }

  async function byTradeNo(provider: PaymentProvider, tradeNo: string): Promise<AttemptRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.tradeNo, tradeNo)))
    return row
  }

  /** An open attempt of the same channel and payer, to ask again or to reuse its answer. */
  const sameWay = (rows: AttemptRow[], channel: PayChannel, payer: string) =>
    rows.find((row) => row.channel === channel && row.payer === payer)

  /**
   * The attempt to offer `order` on `channel` with: the open one of the same way, or a new one with
   * the next number (written before the provider is asked: its answer may be lost).
   */
  async function forChannel(order: OrderRow, channel: PayChannel, payer: string): Promise<AttemptRow> {
    const open = await openOf(order.id)
    const same = sameWay(open, channel, payer)
    if (same) return same
    const all = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.channel, channel)))
    const next = Math.max(0, ...all.map(sequenceOf)) + 1
    const [created] = await db
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        orderCode: order.orderCode,
        provider: providerOf(channel),
        channel,
        payer,
        tradeNo: attemptTradeNo(order.orderCode, channel, next),
        startedAt: now(),
      })
      .onConflictDoNothing()
      .returning()
    // Two requests at once took the same number: the other's row is the attempt.
    return created ?? sameWay(await openOf(order.id), channel, payer)!
  }

  /** The stored answer while it may still be handed out. */
  function reusableAnswer(attempt: AttemptRow): string | null {
    if (!attempt.answer || !attempt.answeredAt) return null
    const lifetime = ANSWER_LIFETIME_MS[attempt.channel as PayChannel] ?? Infinity
    return now().getTime() - attempt.answeredAt.getTime() < lifetime ? attempt.answer : null
  }

  async function remember(attempt: AttemptRow, answer: string): Promise<void> {
    await db
      .update(paymentAttempts)
      .set({ answer, answeredAt: now() })
      .where(eq(paymentAttempts.id, attempt.id))
  }

  async function markClosed(attempt: Pick<AttemptRow, 'id'>): Promise<void> {
    await db.update(paymentAttempts).set({ closedAt: now() }).where(eq(paymentAttempts.id, attempt.id))
  }

  return { openOf, byTradeNo, forChannel, reusableAnswer, remember, markClosed }
}

export type Attempts = ReturnType<typeof createAttempts>
