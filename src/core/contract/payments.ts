// Paying an order (doc2 §2 Payment page): the providers, what the console asks their precreate calls
// and what they answer. The server's gateways, its route schemas and the pay adapters read these
// one declarations.

/**
 * The two providers, as every layer names them: the payment page's choice (doc2 §2's provider 1
 * Alipay-type, 2 WeChat-type), the precreate paths, the payment records and the notifications.
 */
export type PaymentProvider = 'alipay' | 'wxpay'

/** POST /api/alipay/tradePrecreate and /api/alipay/tradeWapPay: the order to pay. */
export interface AlipayTradeRequest {
  out_trade_no: string
  /** Shown by Alipay; the server names the order itself. */
  subject?: string
}

/** WeChat Pay's trade types: NATIVE a QR (desktop), MWEB WeChat's page (phones), JSAPI in WeChat. */
export const WXPAY_TRADE_TYPES = ['NATIVE', 'MWEB', 'JSAPI'] as const
export type WxpayTradeType = (typeof WXPAY_TRADE_TYPES)[number]

/** POST /api/wxpay/tradePrecreate. The amount is never sent: the order's own is charged. */
export interface WxpayTradeRequest {
  trade_type: WxpayTradeType
  out_trade_no: string
  /** Shown by WeChat; the server names the order itself. */
  body?: string
  /** JSAPI in the mini-program: a fresh wx.login code. */
  code?: string
  /** JSAPI in WeChat's browser: the payer token the snsapi_base authorisation returned. */
  payer?: string
}

/**
 * GET /wechat/pay/callback: WeChat's silent snsapi_base authorisation comes back with these (no code
 * when the payer refused).
 */
export interface PayerCallbackQuery {
  code?: string
  state?: string
}

/** What WeixinJSBridge getBrandWCPayRequest and wx.requestPayment take (WeChat Pay v3 signs RSA). */
export interface JsapiParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA' | 'HMAC-SHA256'
  paySign: string
}

/** POST /api/alipay/tradePrecreate (desktop): the QR's text. */
export interface AlipayQrAnswer {
  out_trade_no: string
  qr_code: string
}

/** POST /api/alipay/tradeWapPay (phones): Alipay's page to open. */
export interface AlipayWapAnswer {
  out_trade_no: string
  url: string
}

/**
 * POST /api/wxpay/tradePrecreate, by trade_type: NATIVE the QR's text, MWEB WeChat's page, JSAPI the
 * parameters, or in WeChat's browser without a payer token WeChat's authorisation page first (it
 * comes back to the payment page with one).
 */
export interface WxpayAnswers {
  NATIVE: { code_url: string }
  MWEB: { mweb_url: string }
  JSAPI: JsapiParams | { authorize_url: string }
}
export type WxpayAnswer = WxpayAnswers[WxpayTradeType]
