// The payment adapter (features/payments/pay, H5 variant): which path runs where, and what each path
// asks the server for. The providers' own pages and WeixinJSBridge are the outside world: stubbed.
import {
  needsOtherBrowser,
  offeredProviders,
  pay,
  payEnvironment,
  payPath,
  type PayEnvironment,
  type PayPath,
} from '../../../src/features/payments/pay'
import type { PaymentProvider } from '../../../src/core/contract/payments'
import { installFakeApi, ok } from '../support/fake-api'

const realUserAgent = navigator.userAgent
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0'
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'
const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.40`

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
}

afterEach(() => {
  setUserAgent(realUserAgent)
  delete window.WeixinJSBridge
})

describe('which payment path runs where (doc2 §2)', () => {
  it.each([
    ['desktop', 'alipay', 'alipayQr', 'desktop shows a QR-code dialog (Alipay precreate)'],
    ['desktop', 'wxpay', 'wxNative', 'desktop shows a QR-code dialog (WeChat NATIVE)'],
    ['mobile', 'alipay', 'alipayWap', "mobile devices are redirected to the provider's wap pay page"],
    ['mobile', 'wxpay', 'wxMweb', 'mobile devices are redirected to WeChat MWEB'],
    ['wechat', 'wxpay', 'wxJsapi', "WeChat's browser pays in place through WeixinJSBridge"],
    ['wechat', 'alipay', 'openInBrowser', "WeChat's browser blocks Alipay's page: open in a browser"],
    ['mini', 'alipay', 'miniJsapi', 'the mini-program pays through requestPayment'],
    ['mini', 'wxpay', 'miniJsapi', 'the mini-program pays through requestPayment'],
  ] as [PayEnvironment, PaymentProvider, PayPath, string][])('%s, %s → %s (%s)', (env, provider, path) => {
    expect(payPath(env, provider)).toBe(path)
  })

  it('detects the environment from the user agent and the viewport', () => {
    // jsdom's viewport is desktop-wide (test/shims/globals.ts).
    setUserAgent(DESKTOP_UA)
    expect(payEnvironment()).toBe('desktop')
    setUserAgent(PHONE_UA)
    expect(payEnvironment()).toBe('mobile')
    setUserAgent(WECHAT_UA)
    expect(payEnvironment()).toBe('wechat')
  })
})

describe('what each browser offers', () => {
  it('a browser offers both providers (the mini-program adapter offers WeChat Pay alone)', () => {
    expect(offeredProviders()).toEqual(['alipay', 'wxpay'])
  })

  it("in WeChat's browser Alipay needs another browser; WeChat Pay and other browsers do not", () => {
    setUserAgent(WECHAT_UA)
    expect(needsOtherBrowser('alipay')).toBe(true)
    expect(needsOtherBrowser('wxpay')).toBe(false)
    setUserAgent(PHONE_UA)
    expect(needsOtherBrowser('alipay')).toBe(false)
    setUserAgent(DESKTOP_UA)
    expect(needsOtherBrowser('alipay')).toBe(false)
  })

  it("Alipay in WeChat's browser starts nothing: no call, no redirect WeChat would block", async () => {
    setUserAgent(WECHAT_UA)
    const api = installFakeApi()
    const before = window.location.href
    expect(await pay({ orderCode: 'X1', subject: 's', provider: 'alipay' })).toEqual({
      kind: 'openInBrowser',
    })
    expect(api.calls).toHaveLength(0)
    expect(window.location.href).toBe(before)
  })
})

describe('pay(order)', () => {
  const order = { orderCode: '20261122000001', subject: '自助建站' }

  it('desktop Alipay: the precreate qr_code becomes the QR to show', async () => {
    setUserAgent(DESKTOP_UA)
    const api = installFakeApi().on('POST', '/api/alipay/tradePrecreate', () =>
      ok({ qr_code: 'https://pay/qr1' }),
    )
    expect(await pay({ ...order, provider: 'alipay' })).toEqual({ kind: 'qr', url: 'https://pay/qr1' })
    expect(api.calls[0]!.body).toMatchObject({ out_trade_no: order.orderCode })
    expect(api.calls[0]!.body).not.toHaveProperty('total_amount')
  })

  it('desktop WeChat: NATIVE code_url becomes the QR', async () => {
    setUserAgent(DESKTOP_UA)
    const api = installFakeApi().on('POST', '/api/wxpay/tradePrecreate', () =>
      ok({ code_url: 'weixin://qr2' }),
    )
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual({ kind: 'qr', url: 'weixin://qr2' })
    expect(api.calls[0]!.body).toMatchObject({ trade_type: 'NATIVE', out_trade_no: order.orderCode })
  })

  it('phone WeChat: MWEB, and the browser leaves for mweb_url', async () => {
    setUserAgent(PHONE_UA)
    const api = installFakeApi().on('POST', '/api/wxpay/tradePrecreate', () => ok({ mweb_url: '#mweb' }))
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual({ kind: 'redirected' })
    expect(api.calls[0]!.body).toMatchObject({ trade_type: 'MWEB' })
    expect(window.location.hash).toBe('#mweb')
  })

  it('phone Alipay: the wap pay page', async () => {
    setUserAgent(PHONE_UA)
    const api = installFakeApi().on('POST', '/api/alipay/tradeWapPay', () => ok({ url: '#wap' }))
    expect(await pay({ ...order, provider: 'alipay' })).toEqual({ kind: 'redirected' })
    expect(api.calls.map((c) => c.path)).toEqual(['/api/alipay/tradeWapPay'])
  })

  it.each([
    ['get_brand_wcpay_request:ok', { kind: 'confirming' }],
    ['get_brand_wcpay_request:cancel', { kind: 'cancelled' }],
    ['get_brand_wcpay_request:fail', { kind: 'failed', message: '支付失败' }],
  ])('WeChat browser: JSAPI through WeixinJSBridge, %s → %o', async (errMsg, outcome) => {
    setUserAgent(WECHAT_UA)
    const params = {
      appId: 'a',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'HMAC-SHA256',
      paySign: 'S',
    }
    const api = installFakeApi().on('POST', '/api/wxpay/tradePrecreate', () => ok(params))
    const invoke = jest.fn((_name: string, _params: unknown, done: (res: { err_msg: string }) => void) =>
      done({ err_msg: errMsg }),
    )
    window.WeixinJSBridge = { invoke }
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual(outcome)
    expect(api.calls[0]!.body).toMatchObject({ trade_type: 'JSAPI' })
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function))
  })

  it('WeChat browser without a payer: the silent snsapi_base page first, then JSAPI with the token it brought back', async () => {
    setUserAgent(WECHAT_UA)
    window.sessionStorage.clear()
    let answer: object = { authorize_url: '#authorize' }
    const api = installFakeApi().on('POST', '/api/wxpay/tradePrecreate', () => ok(answer))
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual({ kind: 'redirected' })
    expect(api.calls[0]!.body).not.toHaveProperty('payer')
    expect(window.location.hash).toBe('#authorize')

    // WeChat came back to the payment page with the token.
    window.history.replaceState(null, '', '/orderByPlay?orderCode=C1&wxPayer=TOKEN')
    answer = {
      appId: 'a',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA',
      paySign: 'S',
    }
    window.WeixinJSBridge = { invoke: (_n, _p, done) => done({ err_msg: 'get_brand_wcpay_request:ok' }) }
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual({ kind: 'confirming' })
    expect(api.calls[1]!.body).toMatchObject({ trade_type: 'JSAPI', payer: 'TOKEN' })
    expect(window.location.search).toBe('?orderCode=C1')
    // Kept for the session: the next payment needs no new authorisation.
    await pay({ ...order, provider: 'wxpay' })
    expect(api.calls[2]!.body).toMatchObject({ payer: 'TOKEN' })
  })

  it('WeChat browser: a refused authorisation fails the payment instead of looping through WeChat', async () => {
    setUserAgent(WECHAT_UA)
    window.history.replaceState(null, '', '/orderByPlay?orderCode=C1&wxPayer=refused')
    const api = installFakeApi().on('POST', '/api/wxpay/tradePrecreate', () =>
      ok({ authorize_url: '#again' }),
    )
    expect(await pay({ ...order, provider: 'wxpay' })).toEqual({ kind: 'failed', message: '支付失败' })
    expect(api.calls).toHaveLength(0)
  })

  it('a refused precreate rejects (the server message is shown by the request wrapper)', async () => {
    setUserAgent(DESKTOP_UA)
    installFakeApi().on('POST', '/api/alipay/tradePrecreate', () => ({
      code: 400,
      message: '订单已过期，请重新下单！',
      data: null,
    }))
    await expect(pay({ ...order, provider: 'alipay' })).rejects.toMatchObject({
      message: '订单已过期，请重新下单！',
    })
  })
})
