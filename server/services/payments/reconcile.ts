// Daily reconciliation: each provider's bill of a day (WeChat Pay's trade bill, Alipay's) against the
// payments table. Every payment the provider booked must be a payment row of the same amount, and
// every refund it booked a refunded row; each difference is logged at error, counted on /metrics
// and listed by `npm run payments:reconcile -- --date YYYY-MM-DD`. The scheduled run (after 10:30
// Beijing time, when both bills are ready) happens once a day across instances.
import { and, eq, inArray, or } from 'drizzle-orm'
import { PAYMENT_STATE } from '../../../src/core/contract/orders'
import type { AppContext } from '../../context'
import { housekeepingRuns, payments } from '../../db/schema'
import { chinaTime, yuanToFen, type BillEntry } from '../../providers/payment/gateway'
import { paymentMetrics } from '../shared/counters'
import type { PaymentProvider } from '../../../src/core/contract/payments'
import type { RefundGateways } from './refunds'

type PaymentRow = Pick<
  typeof payments.$inferSelect,
  'provider' | 'tradeNo' | 'outTradeNo' | 'amount' | 'state' | 'refundNo'
>

export type DifferenceKind = 'missing-here' | 'amount-differs' | 'refunded-there-only'

export interface Difference {
  provider: PaymentProvider
  kind: DifferenceKind
  tradeNo: string
  transactionId: string
  refundNo?: string
  /** What the provider booked, in fen. */
  theirFen: number
  /** What the payments table holds, in fen (absent when it has no row). */
  ourFen?: number
}

/** Bills are ready after 10:00 Beijing time; the scheduled run waits until half past. */
export const RECONCILE_AFTER_MINUTES = 10 * 60 + 30

/**
 * The differences between one provider's bill and the payment rows that bill names: a payment
 * missing here or of another amount, a refund here not (yet) refunded or of another amount.
 */
export function compareBill(provider: PaymentProvider, bill: BillEntry[], rows: PaymentRow[]): Difference[] {
  const byTransaction = new Map(rows.map((row) => [row.tradeNo, row]))
  const byRefund = new Map(rows.filter((row) => row.refundNo).map((row) => [row.refundNo!, row]))
  const differences: Difference[] = []
  for (const entry of bill) {
    const base = { provider, tradeNo: entry.tradeNo, transactionId: entry.transactionId, theirFen: entry.fen }
    if (entry.kind === 'payment') {
      const row = byTransaction.get(entry.transactionId)
      if (!row) differences.push({ ...base, kind: 'missing-here' })
      else if (yuanToFen(row.amount) !== entry.fen)
        differences.push({ ...base, kind: 'amount-differs', ourFen: yuanToFen(row.amount) })
      continue
    }
    const row = entry.refundNo ? byRefund.get(entry.refundNo) : undefined
    const refund = { ...base, refundNo: entry.refundNo }
    if (!row || row.state !== PAYMENT_STATE.refunded)
      differences.push({
        ...refund,
        kind: 'refunded-there-only',
        ...(row ? { ourFen: yuanToFen(row.amount) } : {}),
      })
    else if (yuanToFen(row.amount) !== entry.fen)
      differences.push({ ...refund, kind: 'amount-differs', ourFen: yuanToFen(row.amount) })
  }
  return differences
}

/** The Beijing date before `at`'s, as YYYY-MM-DD. */
export function previousChinaDate(at: Date): string {
  return chinaTime(new Date(at.getTime() - 24 * 3_600_000)).date
}

/** Whether `at` is past the time of day the scheduled run waits for (Beijing time). */
export function billsReady(at: Date): boolean {
  const [hours, minutes] = chinaTime(at).time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes >= RECONCILE_AFTER_MINUTES
}

export function createReconciliation(
  { db, now, log }: Pick<AppContext, 'db' | 'now' | 'log'>,
  gateways: RefundGateways,
) {
  /** The rows a bill names, by transaction number or refund number. */
  async function rowsFor(provider: PaymentProvider, bill: BillEntry[]): Promise<PaymentRow[]> {
    const transactions = [...new Set(bill.map((entry) => entry.transactionId).filter(Boolean))]
    const refunds = [...new Set(bill.flatMap((entry) => (entry.refundNo ? [entry.refundNo] : [])))]
    if (!transactions.length && !refunds.length) return []
    return db
      .select({
        provider: payments.provider,
        tradeNo: payments.tradeNo,
        outTradeNo: payments.outTradeNo,
        amount: payments.amount,
        state: payments.state,
        refundNo: payments.refundNo,
      })
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          or(
            transactions.length ? inArray(payments.tradeNo, transactions) : undefined,
            refunds.length ? inArray(payments.refundNo, refunds) : undefined,
          ),
        ),
      )
  }

  /** Compares every configured provider's bill of `date`; each difference is logged and counted. */
  async function reconcile(date: string): Promise<Difference[]> {
    const differences: Difference[] = []
    for (const provider of ['wxpay', 'alipay'] as const) {
      const gateway = gateways[provider]
      if (!gateway) continue
      const bill = await gateway.bill(date)
      const found = compareBill(provider, bill, await rowsFor(provider, bill))
      for (const difference of found) {
        paymentMetrics.reconcileDifference(provider, difference.kind)
        log.error({ date, ...difference }, 'reconciliation: the provider and the payments table differ')
      }
      log.info({ date, provider, entries: bill.length, differences: found.length }, 'reconciled')
      differences.push(...found)
    }
    return differences
  }

  /** The scheduled run: yesterday's bills, once the bills are ready, by the one instance that claims the day. */
  async function reconcileDue(): Promise<boolean> {
    const at = now()
    if (!billsReady(at)) return false
    const date = previousChinaDate(at)
    const claimed = await db
      .insert(housekeepingRuns)
      .values({ job: `reconcile:${date}`, ranAt: at })
      .onConflictDoNothing()
      .returning({ job: housekeepingRuns.job })
    if (!claimed.length) return false
    try {
      await reconcile(date)
    } catch (error) {
      // A bill that could not be had (the provider down) is tried again at the next run.
      await db.delete(housekeepingRuns).where(eq(housekeepingRuns.job, `reconcile:${date}`))
      throw error
    }
    return true
  }

  return { reconcile, reconcileDue }
}

export type Reconciliation = ReturnType<typeof createReconciliation>
