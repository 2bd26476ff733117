// WeChat Pay API v3 through wechatpay-axios-plugin: it signs each request (WECHATPAY2-SHA256-RSA2048
// with the merchant key), verifies each answer's Wechatpay-Signature against the platform key its
// Wechatpay-Serial names and refuses answers more than 5 minutes off. Notifications are checked here
// with the same library's primitives (Rsa.verify over Formatter.response, Aes.AesGcm.decrypt with the
// APIv3 key), because the library verifies answers to our requests, not requests WeChat makes to us.
import type { JsapiParams } from '../../../src/core/contract/payments'
import crypto from 'node:crypto'
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin'
import {
  chinaTime,
  NotificationRefused,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  type BillEntry,
  type CloseOutcome,
  type JsapiPayer,
  type NotificationResult,
  type PaidTrade,
  type RawNotification,
  type RefundRequest,
  type RefundState,
  type TradeOrder,
  type TradeState,
  type WechatPayGateway,
} from './gateway'
import type { WechatPayPlatformKey, WechatPaySettings } from '../../config/payment'
import { parseTradeBill } from './wechatpay-bill'

export { checkWechatPay } from '../../config/payment'

/** WeChat's documented tolerance between a notification's timestamp and our clock. */
export const NOTIFY_MAX_SKEW_SECONDS = 300

export interface WechatPayOptions {
  /** Where WeChat posts payment notifications. */
  notifyUrl: string
  /** Where WeChat posts refund outcomes (REFUND.SUCCESS / ABNORMAL / CLOSED). */
  refundNotifyUrl: string
  now: () => Date
  /** A call with no answer for this long fails (default PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number
}

interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  amount?: { total?: number; currency?: string }
}

interface Refund {
  mchid?: string
  out_trade_no?: string
  out_refund_no?: string
  status?: string
  /** Notifications name the status refund_status. */
  refund_status?: string
}

interface BillAddress {
  hash_type?: string
  hash_value?: string
  download_url?: string
}

interface WechatEvent {
  event_type?: string
  resource?: {
    original_type?: string
    algorithm?: string
    ciphertext?: string
    nonce?: string
    associated_data?: string
  }
}

/** Paid, including a trade refunded since (REFUND): the money was taken. */
const PAID_STATES = ['SUCCESS', 'REFUND']
/** Will never be paid. */
const CLOSED_STATES = ['CLOSED', 'REVOKED', 'PAYERROR']
const REFUND_EVENTS = ['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED']
const BILL_DATE = /^\d{4}-\d\d-\d\d$/
const BILL_DOWNLOAD_PATH = '/v3/billdownload/file'

/** Close-order answers that are outcomes, not failures. A paid trade is refused with 400 ORDERPAID. */
const CLOSE_OUTCOMES: Record<string, CloseOutcome> = {
  ORDER_NOT_EXIST: 'closed',
  ORDER_CLOSED: 'closed',
  ORDERPAID: 'paid',
}

const header = (headers: RawNotification['headers'], name: string): string => {
  const value = headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/** `2026-11-27T16:00:00+08:00`: the RFC 3339 form WeChat Pay takes for time_expire. */
function rfc3339(at: Date): string {
  const { date, time } = chinaTime(at)
  return `${date}T${time}+08:00`
}

/** Path placeholders ({out_trade_no}) beside axios options: the library's types know only the latter. */
const withPath = (config: object) => config as never

interface ClientError {
  code?: string
  message?: string
  response?: { status?: number; data?: unknown }
}

/** WeChat's error code in an error answer (JSON, or raw bytes for a download). */
function wechatCode(error: unknown): string | undefined {
  let data = (error as ClientError)?.response?.data
  if (Buffer.isBuffer(data) || data instanceof ArrayBuffer) {
    try {
      data = JSON.parse(Buffer.from(data as Buffer).toString('utf8'))
    } catch {
      return undefined
    }
  }
  const code = (data as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * The reason for the log: the HTTP status and WeChat's code (or the library's own code for an answer
 * that did not verify), or the transport's message. Never the request or the answer's body.
 */
function failure(operation: string, error: unknown): ProviderError {
  const { response, code, message } = (error ?? {}) as ClientError
  const reason = response
    ? `${response.status ?? ''} ${wechatCode(error) ?? code ?? ''}`.trim()
    : `${code ?? ''} ${String(message ?? error)}`.trim().slice(0, 200)
  return new ProviderError('wxpay', `${operation}: ${reason}`)
}

/** The signing client: every platform key verifies answers, and every call has a deadline. */
function client(settings: WechatPaySettings, timeoutMs: number): Wechatpay {
  return new Wechatpay({
    mchid: settings.mchid,
    serial: settings.serial,
    privateKey: settings.privateKey,
    certs: Object.fromEntries(settings.platformKeys.map((key) => [key.id, key.publicKey])),
    baseURL: settings.baseUrl,
    timeout: timeoutMs,
    // Naming the public key asks WeChat to sign its answers with it (not with a platform certificate).
    ...(settings.publicKeyId ? { headers: { 'Wechatpay-Serial': settings.publicKeyId } } : {}),
    // The library's types want PEM text; it takes (and documents) a KeyObject too.
  } as unknown as ConstructorParameters<typeof Wechatpay>[0])
}

/** The verification key WeChat says it signed with; unknown serials are refused. */
function platformKey(settings: WechatPaySettings, serial: string): WechatPayPlatformKey {
  const key = settings.platformKeys.find((candidate) => candidate.id === serial)
  if (!key) throw new NotificationRefused('unknown Wechatpay-Serial')
  return key
}

/** The signature over `timestamp\nnonce\nbody\n` (the raw body) and the timestamp within 5 minutes. */
function checkSignature(settings: WechatPaySettings, { headers, body }: RawNotification, now: Date) {
  const timestamp = header(headers, 'Wechatpay-Timestamp')
  const nonce = header(headers, 'Wechatpay-Nonce')
  const serial = header(headers, 'Wechatpay-Serial')
  const signature = header(headers, 'Wechatpay-Signature')
  if (!timestamp || !nonce || !serial || !signature)
    throw new NotificationRefused('missing Wechatpay headers')
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp))
  if (!(skew <= NOTIFY_MAX_SKEW_SECONDS)) throw new NotificationRefused('timestamp too far from now')
  const { publicKey } = platformKey(settings, serial)
  if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, publicKey))
    throw new NotificationRefused('bad signature')
}

/** The event and its resource decrypted with the APIv3 key (AES-256-GCM authenticates it too). */
function decryptEvent(settings: WechatPaySettings, body: string): { event: WechatEvent; resource: unknown } {
  try {
    const event = JSON.parse(body) as WechatEvent
    const { algorithm, ciphertext = '', nonce = '', associated_data = '' } = event.resource ?? {}
    if (algorithm !== 'AEAD_AES_256_GCM') throw new Error('algorithm')
    const plain = Aes.AesGcm.decrypt(ciphertext, settings.apiV3Key, nonce, associated_data)
    return { event, resource: JSON.parse(plain) }
  } catch {
    throw new NotificationRefused('resource does not decrypt')
  }
}

/** A refund's status as the gateway's RefundState; null for a status WeChat does not document. */
function refundState(status: string | undefined): RefundState | null {
  if (status === 'SUCCESS') return { state: 'refunded' }
  if (status === 'PROCESSING') return { state: 'processing' }
  if (status === 'CLOSED' || status === 'ABNORMAL') return { state: 'failed', reason: status }
  return null
}

const sha1 = (data: Buffer) => crypto.createHash('sha1').update(data).digest('hex')

export function createWechatPay(
  settings: WechatPaySettings,
  { notifyUrl, refundNotifyUrl, now, timeoutMs = PROVIDER_TIMEOUT_MS }: WechatPayOptions,
): WechatPayGateway {
  const api = client(settings, timeoutMs).v3
  const transactions = api.pay.transactions
  const byTradeNo = transactions.outTradeNo._out_trade_no_
  const refunds = api.refund.domestic.refunds

  /**
   * One call's answer body. An error answer whose WeChat code is in `outcomes` is an answer too (the
   * mapped value); any other failure is a ProviderError.
   */
  async function send<T, O = never>(
    operation: string,
    call: () => Promise<{ data: unknown }>,
    outcomes: Record<string, O> = {},
  ): Promise<T | O> {
    try {
      return (await call()).data as T
    } catch (error) {
      const code = wechatCode(error)
      if (code !== undefined && Object.hasOwn(outcomes, code)) return outcomes[code]!
      throw failure(operation, error)
    }
  }

  function order(trade: TradeOrder, appid: string) {
    return {
      appid,
      mchid: settings.mchid,
      description: trade.description.slice(0, 127) || trade.tradeNo,
      out_trade_no: trade.tradeNo,
      ...(trade.expiresAt ? { time_expire: rfc3339(trade.expiresAt) } : {}),
      notify_url: notifyUrl,
      amount: { total: trade.fen, currency: 'CNY' },
    }
  }

  /** Desktop: the code_url the QR dialog draws. */
  async function native(trade: TradeOrder): Promise<string> {
    const { code_url } = await send<{ code_url?: string }>('native', () =>
      transactions.native.post(order(trade, settings.appId)),
    )
    if (!code_url) throw new ProviderError('wxpay', 'native: no code_url')
    return code_url
  }

  /** Phone browsers: the h5_url (the v3 form of MWEB), back to `returnUrl` afterwards. */
  async function h5(trade: TradeOrder, payerIp: string, returnUrl: string): Promise<string> {
    const { h5_url } = await send<{ h5_url?: string }>('h5', () =>
      transactions.h5.post({
        ...order(trade, settings.appId),
        scene_info: { payer_client_ip: payerIp, h5_info: { type: 'Wap' } },
      }),
    )
    if (!h5_url) throw new ProviderError('wxpay', 'h5: no h5_url')
    return `${h5_url}${h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`
  }

  /** JSAPI (WeChat's browser or the mini-program): the prepay id, signed for the client with the merchant key. */
  async function jsapi(trade: TradeOrder, payer: JsapiPayer | null): Promise<JsapiParams> {
    if (!payer) throw new ProviderError('wxpay', 'jsapi: no payer')
    const appId = payer.app === 'mini' ? settings.miniAppId : settings.appId
    if (!appId) throw new ProviderError('wxpay', 'jsapi: no mini-program appid')
    const { prepay_id } = await send<{ prepay_id?: string }>('jsapi', () =>
      transactions.jsapi.post({ ...order(trade, appId), payer: { openid: payer.openid } }),
    )
    if (!prepay_id) throw new ProviderError('wxpay', 'jsapi: no prepay_id')
    const params = {
      appId,
      timeStamp: String(Math.floor(now().getTime() / 1000)),
      nonceStr: Formatter.nonce(),
      package: `prepay_id=${prepay_id}`,
      signType: 'RSA' as const,
    }
    const signed = Formatter.joinedByLineFeed(params.appId, params.timeStamp, params.nonceStr, params.package)
    return { ...params, paySign: Rsa.sign(signed, settings.privateKey) }
  }

  /** A transaction as ours only when it is this merchant's, for one of our apps. */
  function ours(transaction: Transaction): boolean {
    return (
      transaction.mchid === settings.mchid &&
      (transaction.appid === settings.appId ||
        (!!settings.miniAppId && transaction.appid === settings.miniAppId))
    )
  }

  function paidTrade(transaction: Transaction): PaidTrade {
    return {
      tradeNo: transaction.out_trade_no ?? '',
      transactionId: transaction.transaction_id ?? '',
      fen: Number(transaction.amount?.total),
    }
  }

  /** The trade's state by our out_trade_no (recovering a lost notification, before closing). */
  async function query(tradeNo: string): Promise<TradeState> {
    const transaction = await send<Transaction, null>(
      'query',
      () => byTradeNo.get(withPath({ params: { mchid: settings.mchid }, out_trade_no: tradeNo })),
      { ORDER_NOT_EXIST: null },
    )
    if (transaction === null) return { state: 'missing' }
    if (!ours(transaction) || transaction.out_trade_no !== tradeNo)
      throw new ProviderError('wxpay', 'query: the answer is not for this merchant or trade')
    const state = transaction.trade_state ?? ''
    if (PAID_STATES.includes(state)) {
      if (transaction.amount?.currency !== 'CNY') throw new ProviderError('wxpay', 'query: not paid in CNY')
      return { state: 'paid', trade: paidTrade(transaction) }
    }
    return CLOSED_STATES.includes(state) ? { state: 'closed' } : { state: 'open' }
  }

  /** Closes the trade; one never created counts as closed, one already paid answers 'paid'. */
  async function close(tradeNo: string): Promise<CloseOutcome> {
    const outcome = await send<unknown, CloseOutcome>(
      'close',
      () => byTradeNo.close.post({ mchid: settings.mchid }, withPath({ out_trade_no: tradeNo })),
      CLOSE_OUTCOMES,
    )
    return outcome === 'paid' ? 'paid' : 'closed'
  }

  /** A refund answer (or query answer) for this refund number as a RefundState. */
  function refundAnswer(operation: string, refund: Refund, refundNo: string): RefundState {
    if (refund.out_refund_no !== refundNo)
      throw new ProviderError('wxpay', `${operation}: the answer is for another refund`)
    const state = refundState(refund.status)
    if (!state) throw new ProviderError('wxpay', `${operation}: unknown refund status`)
    return state
  }

  /** Asks for the refund; WeChat answers a repeated out_refund_no with the refund it already has. */
  async function refund(request: RefundRequest): Promise<RefundState> {
    const answer = await send<Refund>('refund', () =>
      refunds.post({
        out_trade_no: request.tradeNo,
        out_refund_no: request.refundNo,
        // WeChat shows the reason to the payer and takes at most 80 characters.
        ...(request.reason ? { reason: request.reason.slice(0, 80) } : {}),
        notify_url: refundNotifyUrl,
        amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
      }),
    )
    return refundAnswer('refund', answer, request.refundNo)
  }

  /**
   * Where the refund stands. WeChat not knowing it means our request never arrived (a timeout):
   * asking again is the same refund, so it is asked for now.
   */
  async function queryRefund(request: RefundRequest): Promise<RefundState> {
    const answer = await send<Refund, null>(
      'queryRefund',
      () => refunds._out_refund_no_.get(withPath({ out_refund_no: request.refundNo })),
      { RESOURCE_NOT_EXISTS: null },
    )
    return answer === null ? refund(request) : refundAnswer('queryRefund', answer, request.refundNo)
  }

  /**
   * The bill file, checked against its SHA1. The download answer is not signed (the library skips
   * verification for this path); the signed request goes to our own base URL, never to another host.
   */
  async function download(address: BillAddress): Promise<Buffer> {
    const url = new URL(address.download_url ?? '', settings.baseUrl)
    if (url.pathname !== BILL_DOWNLOAD_PATH) throw new ProviderError('wxpay', 'bill: unexpected download_url')
    const data = await send<ArrayBuffer>('bill download', () =>
      api.billdownload.file.get({
        params: Object.fromEntries(url.searchParams),
        responseType: 'arraybuffer',
      }),
    )
    const file = Buffer.from(data)
    if (address.hash_type !== 'SHA1' || sha1(file) !== address.hash_value?.toLowerCase())
      throw new ProviderError('wxpay', 'bill: the file does not match its hash')
    return file
  }

  /** Every payment and refund WeChat booked that day; a day with no bill (NO_STATEMENT_EXIST) is empty. */
  async function bill(date: string): Promise<BillEntry[]> {
    if (!BILL_DATE.test(date)) throw new ProviderError('wxpay', 'bill: the date is not YYYY-MM-DD')
    const address = await send<BillAddress, null>(
      'bill',
      () => api.bill.tradebill.get({ params: { bill_date: date, bill_type: 'ALL' } }),
      { NO_STATEMENT_EXIST: null },
    )
    if (address === null) return []
    const file = await download(address)
    try {
      return parseTradeBill(file.toString('utf8'))
    } catch (error) {
      throw new ProviderError('wxpay', `bill: ${(error as Error).message}`)
    }
  }

  /** TRANSACTION.SUCCESS of this merchant, paid in CNY: the payment. */
  function paymentEvent(event: WechatEvent, transaction: Transaction): NotificationResult {
    if (!ours(transaction)) throw new NotificationRefused('another merchant or app')
    if (transaction.amount?.currency !== 'CNY') throw new NotificationRefused('not paid in CNY')
    if (event.event_type !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS')
      return { kind: 'ignored' }
    return { kind: 'paid', trade: paidTrade(transaction) }
  }

  /** REFUND.SUCCESS / ABNORMAL / CLOSED of this merchant: the refund's outcome. */
  function refundEvent(refund: Refund): NotificationResult {
    if (refund.mchid !== settings.mchid) throw new NotificationRefused('another merchant')
    if (!refund.out_refund_no) throw new NotificationRefused('no out_refund_no')
    const state = refundState(refund.refund_status)
    if (state?.state === 'refunded')
      return { kind: 'refund', refundNo: refund.out_refund_no, state: 'refunded' }
    if (state?.state === 'failed') return { kind: 'refund', refundNo: refund.out_refund_no, ...state }
    return { kind: 'ignored' }
  }

  /** A notification WeChat posted, verified before anything in it is read; else a NotificationRefused. */
  function verifyNotification(raw: RawNotification): NotificationResult {
    checkSignature(settings, raw, now())
    const { event, resource } = decryptEvent(settings, raw.body)
    if (REFUND_EVENTS.includes(event.event_type ?? '')) {
      if (event.resource?.original_type !== 'refund') throw new NotificationRefused('not a refund resource')
      return refundEvent(resource as Refund)
    }
    return paymentEvent(event, resource as Transaction)
  }

  return {
    sandbox: false,
    needsPayer: true,
    native,
    h5,
    jsapi,
    query,
    close,
    refund,
    queryRefund,
    bill,
    verifyNotification,
  }
}
