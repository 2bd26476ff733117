// What the payment service needs from a provider, whichever it is (server/providers/payment/*.ts):
// a verified notification or query answer becomes a PaidTrade, applied by one paid path
// (services/payments/payments.ts); a refusal is a NotificationRefused, answered the way that provider
// expects. Every trade is one payment attempt: its own out_trade_no (the order code plus a suffix per
// provider, trade type and app), so two attempts of one order never share a number at the provider.

import type { JsapiParams } from '../../../src/core/contract/payments'

/** Every call to a provider gives up after this long (a silent provider never holds a request). */
export const PROVIDER_TIMEOUT_MS = 10_000

/** One attempt of an order as a provider is asked to collect it. */
export interface TradeOrder {
  /** This attempt's out_trade_no (≤ 32 characters, letters and digits). */
  tradeNo: string
  /** The console's address as the payer's browser sees it (the sandbox serves its pages there). */
  origin: string
  /** The order's amount in fen (the provider's own amount unit for WeChat Pay; yuan for Alipay). */
  fen: number
  /** What the payer sees (product name and edition). */
  description: string
  /** The order's payment deadline: the provider refuses to take money after it. */
  expiresAt: Date | null
}

/** A payment the provider vouched for (signature checked): applied through the paid path. */
export interface PaidTrade {
  /** Our out_trade_no: the attempt's number. */
  tradeNo: string
  /** The provider's own transaction number (WeChat transaction_id, Alipay trade_no). */
  transactionId: string
  fen: number
}

/** A provider's answer about one trade (query). */
export type TradeState =
  | { state: 'paid'; trade: PaidTrade }
  /** Not paid yet. */
  | { state: 'open' }
  /** Never created at the provider (WeChat ORDER_NOT_EXIST, Alipay ACQ.TRADE_NOT_EXIST). */
  | { state: 'missing' }
  /** Closed, revoked or failed at the provider: it will not be paid. */
  | { state: 'closed' }

/** What closing a trade found: closed (or never created), or already paid (WeChat ORDERPAID). */
export type CloseOutcome = 'closed' | 'paid'

/** A refund of (part of) one paid trade; `refundNo` is its idempotent number at the provider. */
export interface RefundRequest {
  tradeNo: string
  transactionId: string
  /** out_refund_no (WeChat) / out_request_no (Alipay): the same on every retry. */
  refundNo: string
  refundFen: number
  /** What the trade took, in fen (WeChat wants it beside the refund). */
  totalFen: number
  reason: string
}

/** Where a refund stands at the provider. */
export type RefundState =
  | { state: 'refunded' }
  /** Accepted, not settled yet: WeChat's PROCESSING; its notification or a query settles it. */
  | { state: 'processing' }
  /** Refused for good or closed at the provider (WeChat CLOSED / ABNORMAL, Alipay refused). */
  | { state: 'failed'; reason: string }

/** A verified notification: a payment, a refund's outcome, or an event that changes nothing. */
export type NotificationResult =
  | { kind: 'paid'; trade: PaidTrade }
  | { kind: 'refund'; refundNo: string; state: 'refunded' | 'failed'; reason?: string }
  | { kind: 'ignored' }

/** A notification refused before anything was read from it (signature, timestamp, merchant, format). */
export class NotificationRefused extends Error {}

/** What a provider gets of a notification request: the headers and the body exactly as sent. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One line of a provider's daily bill: a payment or a refund, in fen. */
export interface BillEntry {
  kind: 'payment' | 'refund'
  tradeNo: string
  transactionId: string
  fen: number
  /** Refunds: our refund number. */
  refundNo?: string
}

/** Who pays by JSAPI: an openid of the official account (WeChat's browser) or of the mini-program. */
export type JsapiPayer = { openid: string; app: 'web' | 'mini' }

/** What every payment provider does besides taking the order. */
interface TradeGateway {
  /** Development's stand-in (providers/payment/sandbox.ts): its notifications are answered as envelopes. */
  readonly sandbox: boolean
  /** The trade's state by our out_trade_no (recovering a lost notification, before closing). */
  query(tradeNo: string): Promise<TradeState>
  /** Closes the trade so it can no longer be paid; 'paid' when the provider says it already was. */
  close(tradeNo: string): Promise<CloseOutcome>
  /** Asks for a refund; the same refundNo again is the same refund (idempotent at the provider). */
  refund(request: RefundRequest): Promise<RefundState>
  /** Where a refund asked for earlier stands. */
  queryRefund(request: RefundRequest): Promise<RefundState>
  /** The provider's bill of one day (YYYY-MM-DD, Beijing time): every payment and refund it booked. */
  bill(date: string): Promise<BillEntry[]>
  /** A notification exactly as it arrived: verified, or a NotificationRefused. */
  verifyNotification(raw: RawNotification): NotificationResult
}

export interface AlipayGateway extends TradeGateway {
  /** Desktop: the QR text. */
  precreate(order: TradeOrder): Promise<string>
  /** Phone browsers: the page to send the browser to. */
  wapPayUrl(order: TradeOrder, returnUrl: string, quitUrl: string): string
}

export interface WechatPayGateway extends TradeGateway {
  /** Whether JSAPI needs the payer's openid (the sandbox has no WeChat client to pay with). */
  readonly needsPayer: boolean
  /** Desktop: the code_url the QR dialog draws. */
  native(trade: TradeOrder): Promise<string>
  /** Phone browsers: the h5_url (the v3 form of MWEB), back to `returnUrl` afterwards. */
  h5(trade: TradeOrder, payerIp: string, returnUrl: string): Promise<string>
  /** JSAPI (WeChat's browser or the mini-program): the parameters the client pays with. */
  jsapi(trade: TradeOrder, payer: JsapiPayer | null): Promise<JsapiParams>
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
