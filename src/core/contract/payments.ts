// Paying an order (doc2 §2 Payment page): what the providers' precreate calls answer the console.
// The server's gateways, its route schemas and the pay adapters read these one declarations.

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
export type WxpayAnswer =
  { code_url: string } | { mweb_url: string } | JsapiParams | { authorize_url: string }
