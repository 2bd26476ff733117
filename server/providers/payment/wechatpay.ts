// WeChat Pay API v3 through wechatpay-axios-plugin: it signs each request (WECHATPAY2-SHA256-RSA2048
// with the merchant key), verifies each answer's Wechatpay-Signature against the platform key and
// refuses answers more than 5 minutes off. Notifications are checked here with the same library's
// primitives (Rsa.verify over Formatter.response, Aes.AesGcm.decrypt with the APIv3 key), because
// the library verifies answers to our requests, not requests WeChat makes to us.
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin'
import {
  chinaTime,
  NotificationRefused,
  ProviderError,
  type JsapiParams,
  type JsapiPayer,
  type NotificationResult,
  type PaidTrade,
  type RawNotification,
  type TradeOrder,
  type TradeState,
  type WechatPayGateway,
} from './gateway'
import type { WechatPaySettings } from './settings'

export { checkWechatPay } from './settings'

/** WeChat's documented tolerance between a notification's timestamp and our clock. */
export const NOTIFY_MAX_SKEW_SECONDS = 300

interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  amount?: { total?: number }
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

/** The provider's own words for a refusal, never the request (it carries nothing secret, but is long). */
function failure(operation: string, error: unknown): ProviderError {
  const response = (error as { response?: { status?: number; data?: { code?: string } } })?.response
  const reason = response
    ? `${response.status ?? ''} ${response.data?.code ?? ''}`.trim()
    : String((error as Error)?.message ?? error).slice(0, 200)
  return new ProviderError('wxpay', `${operation}: ${reason}`)
}

export function createWechatPay(
  settings: WechatPaySettings,
  { notifyUrl, now }: { notifyUrl: string; now: () => Date },
): WechatPayGateway {
  const client = new Wechatpay({
    mchid: settings.mchid,
    serial: settings.serial,
    privateKey: settings.privateKey,
    certs: { [settings.platform.id]: settings.platform.publicKey },
    baseURL: settings.baseUrl,
    // The library's types want PEM text; it takes (and documents) a KeyObject too.
  } as unknown as ConstructorParameters<typeof Wechatpay>[0])
  const transactions = client.v3.pay.transactions
  const byOrderCode = transactions.outTradeNo._out_trade_no_

  function order(trade: TradeOrder, appid: string) {
    return {
      appid,
      mchid: settings.mchid,
      description: trade.description.slice(0, 127) || trade.orderCode,
      out_trade_no: trade.orderCode,
      ...(trade.expiresAt ? { time_expire: rfc3339(trade.expiresAt) } : {}),
      notify_url: notifyUrl,
      amount: { total: trade.fen, currency: 'CNY' },
    }
  }

  async function post<T>(operation: string, call: () => Promise<{ data: unknown }>): Promise<T> {
    try {
      return (await call()).data as T
    } catch (error) {
      throw failure(operation, error)
    }
  }

  /** Desktop: the code_url the QR dialog draws. */
  async function native(trade: TradeOrder): Promise<string> {
    const { code_url } = await post<{ code_url?: string }>('native', () =>
      transactions.native.post(order(trade, settings.appId)),
    )
    if (!code_url) throw new ProviderError('wxpay', 'native: no code_url')
    return code_url
  }

  /** Phone browsers: the h5_url (the v3 form of MWEB), back to `returnUrl` afterwards. */
  async function h5(trade: TradeOrder, payerIp: string, returnUrl: string): Promise<string> {
    const { h5_url } = await post<{ h5_url?: string }>('h5', () =>
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
    const { prepay_id } = await post<{ prepay_id?: string }>('jsapi', () =>
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
      orderCode: transaction.out_trade_no ?? '',
      tradeNo: transaction.transaction_id ?? '',
      fen: Number(transaction.amount?.total),
    }
  }

  /** The trade's state by our order code (recovering a lost notification). */
  async function query(orderCode: string): Promise<TradeState> {
    let transaction: Transaction
    try {
      const answer = await byOrderCode.get({
        params: { mchid: settings.mchid },
        out_trade_no: orderCode,
      } as never)
      transaction = answer.data as Transaction
    } catch (error) {
      const code = (error as { response?: { data?: { code?: string } } })?.response?.data?.code
      if (code === 'ORDER_NOT_EXIST') return { state: 'open' }
      throw failure('query', error)
    }
    if (!ours(transaction) || transaction.out_trade_no !== orderCode)
      throw new ProviderError('wxpay', 'query: the answer is not for this merchant or order')
    if (transaction.trade_state === 'SUCCESS') return { state: 'paid', trade: paidTrade(transaction) }
    if (['CLOSED', 'REVOKED', 'PAYERROR'].includes(transaction.trade_state ?? '')) return { state: 'closed' }
    return { state: 'open' }
  }

  /** Closes the trade so it can no longer be paid (voided and expired orders). */
  async function close(orderCode: string): Promise<void> {
    await post('close', () =>
      byOrderCode.close.post({ mchid: settings.mchid }, { out_trade_no: orderCode } as never),
    )
  }

  /**
   * A notification WeChat posted: the signature over `timestamp\nnonce\nbody\n` against the platform
   * key named by Wechatpay-Serial, the timestamp within 5 minutes, then the resource decrypted with the
   * APIv3 key (AES-256-GCM authenticates it too). Any failure is a NotificationRefused.
   */
  function verifyNotification({ headers, body }: RawNotification): NotificationResult {
    const timestamp = header(headers, 'Wechatpay-Timestamp')
    const nonce = header(headers, 'Wechatpay-Nonce')
    const serial = header(headers, 'Wechatpay-Serial')
    const signature = header(headers, 'Wechatpay-Signature')
    if (!timestamp || !nonce || !serial || !signature)
      throw new NotificationRefused('missing Wechatpay headers')
    const skew = Math.abs(now().getTime() / 1000 - Number(timestamp))
    if (!(skew <= NOTIFY_MAX_SKEW_SECONDS)) throw new NotificationRefused('timestamp too far from now')
    if (serial !== settings.platform.id) throw new NotificationRefused('unknown Wechatpay-Serial')
    if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, settings.platform.publicKey))
      throw new NotificationRefused('bad signature')
    let transaction: Transaction
    let eventType: string
    try {
      const event = JSON.parse(body) as {
        event_type?: string
        resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string }
      }
      const resource = event.resource ?? {}
      if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('algorithm')
      eventType = event.event_type ?? ''
      transaction = JSON.parse(
        Aes.AesGcm.decrypt(
          resource.ciphertext ?? '',
          settings.apiV3Key,
          resource.nonce ?? '',
          resource.associated_data ?? '',
        ),
      ) as Transaction
    } catch {
      throw new NotificationRefused('resource does not decrypt')
    }
    if (!ours(transaction)) throw new NotificationRefused('another merchant or app')
    if (eventType !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS')
      return { kind: 'ignored' }
    return { kind: 'paid', trade: paidTrade(transaction) }
  }

  return { sandbox: false, needsPayer: true, native, h5, jsapi, query, close, verifyNotification }
}
