// What the payment service needs from a provider, whichever it is (server/providers/payment/*.ts):
// a verified notification or query answer becomes a PaidTrade, applied by one paid path
// (services/payments.ts); a refusal is a NotificationRefused, answered the way that provider expects.

/** An order as a provider is asked to collect it. */
export interface TradeOrder {
  orderCode: string
  /** The order's amount in fen (the provider's own amount unit for WeChat Pay; yuan for Alipay). */
  fen: number
  /** What the payer sees (product name and edition). */
  description: string
  /** The order's payment deadline: the provider refuses to take money after it. */
  expiresAt: Date | null
}

/** A payment the provider vouched for (signature checked): applied through the paid path. */
export interface PaidTrade {
  orderCode: string
  tradeNo: string
  fen: number
}

/** A provider's answer about one trade (query). */
export type TradeState =
  | { state: 'paid'; trade: PaidTrade }
  /** Not paid yet, or never created at the provider. */
  | { state: 'open' }
  /** Closed, revoked or failed at the provider: it will not be paid. */
  | { state: 'closed' }

/** A verified notification: a payment, or an event that changes nothing (not a success). */
export type NotificationResult = { kind: 'paid'; trade: PaidTrade } | { kind: 'ignored' }

/** A notification refused before anything was read from it (signature, timestamp, merchant, format). */
export class NotificationRefused extends Error {}

/** What a provider gets of a notification request: the headers and the body exactly as sent. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A provider refused or could not be reached (precreate, query, close): its reason, for the log only. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`)
  }
}

/** Yuan text with two decimals, from fen. */
export const fenToYuan = (fen: number) => (fen / 100).toFixed(2)

/** Yuan text ("1980.00") to whole fen, so amounts compare exactly; NaN when it is not a number. */
export const yuanToFen = (yuan: string | number) => Math.round(Number(yuan) * 100)

/** China Standard Time (UTC+8, no daylight saving) as both providers write it. */
export function chinaTime(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 8 * 3_600_000).toISOString()
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) }
}
