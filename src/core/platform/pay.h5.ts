// H5 payment: a QR dialog on desktop (Alipay precreate / WeChat NATIVE), a redirect to the
// provider's page on phones (Alipay wap / WeChat MWEB, the v3 h5_url), WeixinJSBridge JSAPI in
// WeChat's browser. JSAPI needs the payer's openid for the official account: without a payer token
// the server answers `authorize_url` (WeChat's silent snsapi_base page), which comes back to the
// payment page with `wxPayer`; the token is kept for this browser session and sent with JSAPI.
import type { AlipayQrAnswer, AlipayWapAnswer, JsapiParams, WxpayAnswer } from '../contract/payments'
import { http } from '../http/request'
import type { PayEnvironment, PayOrder, PayOutcome, PayPath, PayProvider } from './pay'

const PROVIDERS: PayProvider[] = [1, 2]

const DESKTOP_QUERY = '(min-width: 768px)'
/** WeixinJSBridge appears shortly after the page loads in WeChat; give up after this. */
const BRIDGE_WAIT_MS = 5000
const FAILED = '支付失败'
const PAYER_KEY = 'member-centre.wxPayer'
/** What the payer callback sets when WeChat refused the authorisation (server/routes/payments.ts). */
const PAYER_REFUSED = 'refused'

/** Phones and tablets pay on the provider's page: a QR would need a second device to scan it. */
const HANDHELD = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i

export function payEnvironment(): PayEnvironment {
  const ua = navigator.userAgent
  if (/MicroMessenger/i.test(ua)) return 'wechat'
  if (HANDHELD.test(ua)) return 'mobile'
  return window.matchMedia?.(DESKTOP_QUERY).matches ? 'desktop' : 'mobile'
}

const PATHS: Record<PayEnvironment, Record<PayProvider, PayPath>> = {
  desktop: { 1: 'alipayQr', 2: 'wxNative' },
  mobile: { 1: 'alipayWap', 2: 'wxMweb' },
  // WeChat's browser pays WeChat-type in place; it blocks Alipay's wap page, so Alipay-type asks
  // the customer to open the page in a browser.
  wechat: { 1: 'openInBrowser', 2: 'wxJsapi' },
  mini: { 1: 'miniJsapi', 2: 'miniJsapi' },
}

export function payPath(env: PayEnvironment, provider: PayProvider): PayPath {
  return PATHS[env][provider]
}

export function offeredProviders(): PayProvider[] {
  return [...PROVIDERS]
}

export function needsOtherBrowser(provider: PayProvider): boolean {
  return payPath(payEnvironment(), provider) === 'openInBrowser'
}

type Bridge = { invoke(name: string, params: JsapiParams, done: (res: { err_msg?: string }) => void): void }
declare global {
  interface Window {
    WeixinJSBridge?: Bridge
  }
}

function whenBridgeReady(): Promise<Bridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), BRIDGE_WAIT_MS)
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer)
        resolve(window.WeixinJSBridge ?? null)
      },
      { once: true },
    )
  })
}

async function payInWechat(params: JsapiParams): Promise<PayOutcome> {
  const bridge = await whenBridgeReady()
  if (!bridge) return { kind: 'failed', message: FAILED }
  return new Promise((resolve) =>
    bridge.invoke('getBrandWCPayRequest', params, (res) => {
      const message = res?.err_msg ?? ''
      if (message.endsWith(':ok')) resolve({ kind: 'confirming' })
      else if (message.endsWith(':cancel')) resolve({ kind: 'cancelled' })
      else resolve({ kind: 'failed', message: FAILED })
    }),
  )
}

/**
 * The payer token the snsapi_base round trip brought back (taken off the address so it is not
 * shared or bookmarked), else the one kept for this session; `refused` when WeChat said no.
 */
function payerToken(): string | null {
  const url = new URL(window.location.href)
  const returned = url.searchParams.get('wxPayer')
  if (returned !== null) {
    url.searchParams.delete('wxPayer')
    window.history.replaceState(window.history.state, '', url.toString())
    if (returned === PAYER_REFUSED) {
      window.sessionStorage.removeItem(PAYER_KEY)
      return PAYER_REFUSED
    }
    window.sessionStorage.setItem(PAYER_KEY, returned)
    return returned
  }
  return window.sessionStorage.getItem(PAYER_KEY)
}

function leaveFor(url: string): PayOutcome {
  window.location.href = url
  return { kind: 'redirected' }
}

export async function pay({ orderCode, provider, subject }: PayOrder): Promise<PayOutcome> {
  const trade = { out_trade_no: orderCode, subject, body: subject }
  // The answer's shape follows the trade type (WxpayAnswer); each case reads its own.
  const wxpay = <T extends WxpayAnswer>(tradeType: string, extra: Record<string, string> = {}) =>
    http.post<T>('/api/wxpay/tradePrecreate', { ...trade, trade_type: tradeType, ...extra })
  switch (payPath(payEnvironment(), provider)) {
    case 'alipayQr':
      return {
        kind: 'qr',
        url: (await http.post<AlipayQrAnswer>('/api/alipay/tradePrecreate', trade)).qr_code,
      }
    case 'wxNative':
      return { kind: 'qr', url: (await wxpay<{ code_url: string }>('NATIVE')).code_url }
    case 'alipayWap':
      return leaveFor((await http.post<AlipayWapAnswer>('/api/alipay/tradeWapPay', trade)).url)
    case 'wxMweb':
      return leaveFor((await wxpay<{ mweb_url: string }>('MWEB')).mweb_url)
    case 'openInBrowser':
      return { kind: 'openInBrowser' }
    default: {
      const payer = payerToken()
      if (payer === PAYER_REFUSED) return { kind: 'failed', message: FAILED }
      const answer = await wxpay<JsapiParams | { authorize_url: string }>('JSAPI', payer ? { payer } : {})
      if ('authorize_url' in answer) {
        window.sessionStorage.removeItem(PAYER_KEY)
        return leaveFor(answer.authorize_url)
      }
      return payInWechat(answer)
    }
  }
}
