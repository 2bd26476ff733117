// Alipay through its official SDK (alipay-sdk v4): it signs each gateway call with the application's
// private key (RSA2) and, with validateSign, checks each answer's sign against Alipay's public key
// (public-key mode) or the key of Alipay's public certificate (certificate mode). Notifications are
// checked with the SDK's checkNotifySignV2, then the app id; only TRADE_SUCCESS / TRADE_FINISHED pay.
import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk'
import {
  chinaTime,
  fenToYuan,
  NotificationRefused,
  ProviderError,
  yuanToFen,
  type AlipayGateway,
  type NotificationResult,
  type RawNotification,
  type TradeOrder,
  type TradeState,
} from './gateway'
import type { AlipayKeys } from './settings'

export { checkAlipay } from './settings'

const PAID_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED']
const SUCCESS_CODE = '10000'
const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST'

interface GatewayAnswer {
  code?: string
  subCode?: string
  qrCode?: string
  outTradeNo?: string
  tradeNo?: string
  tradeStatus?: string
  totalAmount?: string
}

/** `2026-11-27 16:00:00`: Alipay's time_expire, in China Standard Time. */
function alipayTime(at: Date): string {
  const { date, time } = chinaTime(at)
  return `${date} ${time}`
}

export function createAlipay(keys: AlipayKeys, urls: { notifyUrl: string }): AlipayGateway {
  const config: AlipaySdkConfig = {
    appId: keys.appId,
    privateKey: keys.privateKey,
    keyType: keys.keyType,
    signType: 'RSA2',
    gateway: keys.gateway,
    endpoint: new URL(keys.gateway).origin,
    ...(keys.certs ?? { alipayPublicKey: keys.alipayPublicKey }),
  }
  const sdk = new AlipaySdk(config)

  function bizContent(order: TradeOrder) {
    return {
      out_trade_no: order.orderCode,
      total_amount: fenToYuan(order.fen),
      subject: order.description.slice(0, 256) || order.orderCode,
      ...(order.expiresAt ? { time_expire: alipayTime(order.expiresAt) } : {}),
    }
  }

  async function call(method: string, params: Record<string, unknown>): Promise<GatewayAnswer> {
    try {
      return (await sdk.exec(method, params, { validateSign: true })) as GatewayAnswer
    } catch (error) {
      // The SDK's message may quote the signed answer; only its class and our method are kept.
      throw new ProviderError('alipay', `${method}: ${(error as Error)?.name ?? 'error'}`)
    }
  }

  /** Desktop: alipay.trade.precreate's qr_code, drawn by the QR dialog. */
  async function precreate(order: TradeOrder): Promise<string> {
    const answer = await call('alipay.trade.precreate', {
      notifyUrl: urls.notifyUrl,
      bizContent: bizContent(order),
    })
    if (answer.code !== SUCCESS_CODE || !answer.qrCode)
      throw new ProviderError('alipay', `precreate: ${answer.code ?? ''} ${answer.subCode ?? ''}`)
    return answer.qrCode
  }

  /** Phone browsers: the signed GET URL of alipay.trade.wap.pay (pageExecute signs locally, no call). */
  function wapPayUrl(order: TradeOrder, returnUrl: string, quitUrl: string): string {
    return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: { ...bizContent(order), product_code: 'QUICK_WAP_WAY', quit_url: quitUrl },
      returnUrl,
      notifyUrl: urls.notifyUrl,
    })
  }

  async function query(orderCode: string): Promise<TradeState> {
    const answer = await call('alipay.trade.query', { bizContent: { out_trade_no: orderCode } })
    if (answer.subCode === NOT_EXIST) return { state: 'open' }
    if (answer.code !== SUCCESS_CODE || answer.outTradeNo !== orderCode)
      throw new ProviderError('alipay', `query: ${answer.code ?? ''} ${answer.subCode ?? ''}`)
    if (PAID_STATUSES.includes(answer.tradeStatus ?? ''))
      return {
        state: 'paid',
        trade: { orderCode, tradeNo: answer.tradeNo ?? '', fen: yuanToFen(answer.totalAmount ?? NaN) },
      }
    return answer.tradeStatus === 'TRADE_CLOSED' ? { state: 'closed' } : { state: 'open' }
  }

  /** Closes the trade (voided and expired orders); one never created at Alipay needs nothing. */
  async function close(orderCode: string): Promise<void> {
    const answer = await call('alipay.trade.close', { bizContent: { out_trade_no: orderCode } })
    if (answer.code !== SUCCESS_CODE && answer.subCode !== NOT_EXIST)
      throw new ProviderError('alipay', `close: ${answer.code ?? ''} ${answer.subCode ?? ''}`)
  }

  /** A notification Alipay posted (form fields): RSA2 signature, then our app id, then its status. */
  function verifyNotification({ body }: RawNotification): NotificationResult {
    const fields = Object.fromEntries(new URLSearchParams(body))
    if (!sdk.checkNotifySignV2(fields)) throw new NotificationRefused('bad signature')
    if (fields.app_id !== keys.appId) throw new NotificationRefused('another app')
    if (!PAID_STATUSES.includes(fields.trade_status ?? '')) return { kind: 'ignored' }
    return {
      kind: 'paid',
      trade: {
        orderCode: fields.out_trade_no ?? '',
        tradeNo: fields.trade_no ?? '',
        fen: yuanToFen(fields.total_amount ?? NaN),
      },
    }
  }

  return { sandbox: false, precreate, wapPayUrl, query, close, verifyNotification }
}
