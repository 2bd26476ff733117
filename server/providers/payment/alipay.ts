// Alipay through its official SDK (alipay-sdk v4): it signs each gateway call with the application's
// private key (RSA2) and, with validateSign, checks each answer's sign against Alipay's public key
// (public-key mode) or the key of Alipay's public certificate (certificate mode). Notifications are
// checked with the SDK's checkNotifySignV2, then the app, the seller and their age; only
// TRADE_SUCCESS / TRADE_FINISHED pay. Refunds are settled by their answer or by
// alipay.trade.fastpay.refund.query (Alipay sends no refund notification of its own); the daily bill
// is read by alipay-bill.ts.
import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk'
import { BillFormatError, downloadBill, readAlipayBill } from './alipay-bill'
import {
  chinaTime,
  fenToYuan,
  NotificationRefused,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  yuanToFen,
  type AlipayGateway,
  type BillEntry,
  type CloseOutcome,
  type NotificationResult,
  type PaidTrade,
  type RawNotification,
  type RefundRequest,
  type RefundState,
  type TradeOrder,
  type TradeState,
} from './gateway'
import type { AlipayKeys } from '../../config/payment'

export { checkAlipay } from '../../config/payment'

export interface AlipayOptions {
  notifyUrl: string
  now: () => Date
  /** Each call's limit, the bill's download included. */
  timeoutMs?: number
}

/** A notification older than this is refused: Alipay stops retrying one after about 25 hours. */
export const NOTIFY_MAX_AGE_MS = 48 * 3_600_000

const SUCCESS = '10000'
const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED'])
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST'
/** alipay.trade.close on a trade that is not waiting for payment (paid, most likely). */
const TRADE_STATUS_ERROR = 'ACQ.TRADE_STATUS_ERROR'
/** alipay.data.dataservice.bill.downloadurl.query for a day without a bill. */
const BILL_NOT_EXIST = 'isp.bill_not_exist'

/**
 * alipay.trade.refund's documented refusals that asking again cannot change: the refund failed.
 * Everything else (ACQ.SYSTEM_ERROR, isp.unknow-error, ACQ.SELLER_BALANCE_NOT_ENOUGH until the
 * merchant tops the account up, an unknown code) is a ProviderError: the same refundNo is retried.
 */
const REFUND_REFUSALS = new Set([
  'ACQ.INVALID_PARAMETER',
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.DISCORDANT_REPEAT_REQUEST',
  'ACQ.REASON_TRADE_BEEN_FREEZEN',
])

/** The fields read from the SDK's answers (it camel-cases Alipay's snake_case names). */
interface GatewayAnswer {
  code?: string
  subCode?: string
  qrCode?: string
  outTradeNo?: string
  tradeNo?: string
  tradeStatus?: string
  totalAmount?: string
  fundChange?: string
  refundStatus?: string
  billDownloadUrl?: string
}

/** `2026-11-27 16:00:00`: Alipay's time_expire, in China Standard Time. */
function alipayTime(at: Date): string {
  const { date, time } = chinaTime(at)
  return `${date} ${time}`
}

/** Alipay's notify_time (China Standard Time) as a Date; null when it is not one. */
function parseAlipayTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return null
  const at = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(at.getTime()) ? null : at
}

const paidTrade = (tradeNo: string, transactionId = '', totalAmount = ''): PaidTrade => ({
  tradeNo,
  transactionId,
  fen: yuanToFen(totalAmount || NaN),
})

/** Alipay's answer code for the log: what it refused, never what was sent. */
const refusal = (method: string, answer: GatewayAnswer) =>
  new ProviderError('alipay', `${method}: ${answer.code ?? ''} ${answer.subCode ?? ''}`.trim())

/** A failed call for the log: the error's class and code only (the SDK's messages quote signed texts). */
function failure(method: string, error: unknown): ProviderError {
  if (error instanceof BillFormatError) return new ProviderError('alipay', `${method}: ${error.message}`)
  type Described = { name?: string; code?: unknown; cause?: Described }
  const { name, code, cause } = (error ?? {}) as Described
  // The SDK wraps the HTTP client's error: its class (a timeout) or code (ECONNREFUSED) says why.
  const causeName = cause?.name === 'Error' ? undefined : cause?.name
  const codes = [code, cause?.code].filter((value) => typeof value === 'string')
  const parts = [name ?? 'Error', causeName, ...codes]
  return new ProviderError('alipay', `${method}: ${parts.filter(Boolean).join(' ')}`)
}

class DeadlineError extends Error {
  override name = 'TimeoutError'
}

/** The SDK's timeout bounds the wait for headers and for the body separately; this bounds the call. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/** A notification about a refund of the trade (Alipay's trade_status_sync carries gmt_refund / out_biz_no). */
const isRefundSync = (fields: Record<string, string>) => Boolean(fields.gmt_refund || fields.out_biz_no)

export function createAlipay(
  keys: AlipayKeys,
  { notifyUrl, now, timeoutMs = PROVIDER_TIMEOUT_MS }: AlipayOptions,
): AlipayGateway {
  const config: AlipaySdkConfig = {
    appId: keys.appId,
    privateKey: keys.privateKey,
    keyType: keys.keyType,
    signType: 'RSA2',
    gateway: keys.gateway,
    endpoint: new URL(keys.gateway).origin,
    timeout: timeoutMs,
    ...(keys.certs ?? { alipayPublicKey: keys.alipayPublicKey }),
  }
  const sdk = new AlipaySdk(config)

  async function call(method: string, params: Record<string, unknown>): Promise<GatewayAnswer> {
    try {
      return (await withDeadline(
        sdk.exec(method, params, { validateSign: true }),
        timeoutMs,
      )) as GatewayAnswer
    } catch (error) {
      throw failure(method, error)
    }
  }

  function bizContent(order: TradeOrder) {
    return {
      out_trade_no: order.tradeNo,
      total_amount: fenToYuan(order.fen),
      subject: order.description.slice(0, 256) || order.tradeNo,
      ...(order.expiresAt ? { time_expire: alipayTime(order.expiresAt) } : {}),
    }
  }

  /** Desktop: alipay.trade.precreate's qr_code, drawn by the QR dialog. */
  async function precreate(order: TradeOrder): Promise<string> {
    const method = 'alipay.trade.precreate'
    const answer = await call(method, { notifyUrl, bizContent: bizContent(order) })
    if (answer.code !== SUCCESS || !answer.qrCode) throw refusal(method, answer)
    return answer.qrCode
  }

  /** Phone browsers: the signed GET URL of alipay.trade.wap.pay (pageExecute signs locally, no call). */
  function wapPayUrl(order: TradeOrder, returnUrl: string, quitUrl: string): string {
    return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: { ...bizContent(order), product_code: 'QUICK_WAP_WAY', quit_url: quitUrl },
      returnUrl,
      notifyUrl,
    })
  }

  /** The trade's state; a trade refunded in full is TRADE_CLOSED at Alipay, so 'closed' too. */
  async function query(tradeNo: string): Promise<TradeState> {
    const method = 'alipay.trade.query'
    const answer = await call(method, { bizContent: { out_trade_no: tradeNo } })
    if (answer.subCode === TRADE_NOT_EXIST) return { state: 'missing' }
    if (answer.code !== SUCCESS || answer.outTradeNo !== tradeNo) throw refusal(method, answer)
    if (PAID_STATUSES.has(answer.tradeStatus ?? ''))
      return { state: 'paid', trade: paidTrade(tradeNo, answer.tradeNo, answer.totalAmount) }
    return answer.tradeStatus === 'TRADE_CLOSED' ? { state: 'closed' } : { state: 'open' }
  }

  /** Closes the trade; Alipay refuses to close a paid one (ACQ.TRADE_STATUS_ERROR), confirmed by a query. */
  async function close(tradeNo: string): Promise<CloseOutcome> {
    const method = 'alipay.trade.close'
    const answer = await call(method, { bizContent: { out_trade_no: tradeNo } })
    if (answer.code === SUCCESS || answer.subCode === TRADE_NOT_EXIST) return 'closed'
    if (answer.subCode !== TRADE_STATUS_ERROR) throw refusal(method, answer)
    const { state } = await query(tradeNo)
    if (state === 'paid') return 'paid'
    if (state === 'closed' || state === 'missing') return 'closed'
    throw refusal(method, answer)
  }

  /** Where refund `refundNo` stands: REFUND_SUCCESS, or nothing yet (processing, or never received). */
  async function queryRefund(request: RefundRequest): Promise<RefundState> {
    const method = 'alipay.trade.fastpay.refund.query'
    const answer = await call(method, {
      bizContent: { out_trade_no: request.tradeNo, out_request_no: request.refundNo },
    })
    if (answer.subCode === TRADE_NOT_EXIST) return { state: 'failed', reason: TRADE_NOT_EXIST }
    if (answer.code !== SUCCESS) throw refusal(method, answer)
    return answer.refundStatus === 'REFUND_SUCCESS' ? { state: 'refunded' } : { state: 'processing' }
  }

  /**
   * alipay.trade.refund with our refundNo as out_request_no, so a retry never refunds twice. Only
   * fund_change Y says the money moved; N (a repeated request, or one still settling) asks the query.
   */
  async function refund(request: RefundRequest): Promise<RefundState> {
    const method = 'alipay.trade.refund'
    const answer = await call(method, {
      bizContent: {
        out_trade_no: request.tradeNo,
        refund_amount: fenToYuan(request.refundFen),
        out_request_no: request.refundNo,
        ...(request.reason ? { refund_reason: request.reason.slice(0, 256) } : {}),
      },
    })
    if (answer.code === SUCCESS)
      return answer.fundChange === 'Y' ? { state: 'refunded' } : queryRefund(request)
    if (answer.subCode && REFUND_REFUSALS.has(answer.subCode))
      return { state: 'failed', reason: answer.subCode }
    throw refusal(method, answer)
  }

  /** The day's payments and refunds (YYYY-MM-DD, China time); a day without a bill has none. */
  async function bill(date: string): Promise<BillEntry[]> {
    const method = 'alipay.data.dataservice.bill.downloadurl.query'
    const answer = await call(method, { bizContent: { bill_type: 'trade', bill_date: date } })
    if (answer.subCode === BILL_NOT_EXIST) return []
    if (answer.code !== SUCCESS || !answer.billDownloadUrl) throw refusal(method, answer)
    try {
      return await readAlipayBill(await downloadBill(answer.billDownloadUrl, timeoutMs))
    } catch (error) {
      throw failure('bill download', error)
    }
  }

  /** A notification Alipay posted (form fields): signature, app, seller, age, then its status. */
  function verifyNotification({ body }: RawNotification): NotificationResult {
    // URLSearchParams decodes the form; Alipay signs the decoded values (a `%` in a subject included).
    const fields = Object.fromEntries(new URLSearchParams(body))
    if (!sdk.checkNotifySignV2(fields)) throw new NotificationRefused('bad signature')
    if (fields.app_id !== keys.appId) throw new NotificationRefused('another app')
    if (fields.seller_id !== keys.sellerId) throw new NotificationRefused('another seller')
    const sentAt = parseAlipayTime(fields.notify_time)
    if (!sentAt) throw new NotificationRefused('no notify_time')
    if (now().getTime() - sentAt.getTime() > NOTIFY_MAX_AGE_MS) throw new NotificationRefused('too old')
    // A refund's sync repeats TRADE_SUCCESS; the refund itself is settled by its own answer or query.
    if (isRefundSync(fields) || !PAID_STATUSES.has(fields.trade_status ?? '')) return { kind: 'ignored' }
    return { kind: 'paid', trade: paidTrade(fields.out_trade_no ?? '', fields.trade_no, fields.total_amount) }
  }

  return {
    sandbox: false,
    precreate,
    wapPayUrl,
    query,
    close,
    refund,
    queryRefund,
    bill,
    verifyNotification,
  }
}
