// Mini-program payment: WeChat JSAPI through Taro.requestPayment. A mini-program can pay only with
// WeChat Pay, so that is the one provider it offers. Each payment sends a fresh wx.login code: the
// server turns it into the payer's openid for the mini-program (jscode2session).
import Taro from '@tarojs/taro'
import type { JsapiParams, PaymentProvider, WxpayTradeRequest } from '../../core/contract/payments'
import { http } from '../../core/http/request'
import type { PayEnvironment, PayOrder, PayOutcome, PayPath } from './pay'

export function payEnvironment(): PayEnvironment {
  return 'mini'
}

export function payPath(): PayPath {
  return 'miniJsapi'
}

export function offeredProviders(): PaymentProvider[] {
  return ['wxpay']
}

export function needsOtherBrowser(): boolean {
  return false
}

export async function pay({ orderCode, subject }: PayOrder): Promise<PayOutcome> {
  let code: string
  try {
    code = (await Taro.login()).code
  } catch {
    return { kind: 'failed', message: '支付失败' }
  }
  const params = await http.post<JsapiParams>('/api/wxpay/tradePrecreate', {
    trade_type: 'JSAPI',
    out_trade_no: orderCode,
    body: subject,
    code,
  } satisfies WxpayTradeRequest)
  try {
    await Taro.requestPayment(params)
    return { kind: 'confirming' }
  } catch (error) {
    const message = (error as { errMsg?: string })?.errMsg ?? ''
    return /cancel/.test(message) ? { kind: 'cancelled' } : { kind: 'failed', message: '支付失败' }
  }
}
