// H5 payment: a QR dialog on desktop (Alipay precreate / WeChat NATIVE), a redirect to the
// provider's page on phones (Alipay wap / WeChat MWEB, the v3 h5_url), WeixinJSBridge JSAPI in
// WeChat's browser. JSAPI needs the payer's openid for the official account: without a payer token
// the server answers `authorize_url` (WeChat's silent snsapi_base page), which comes back to the
// payment page with `wxPayer`; the token is kept for this browser session and sent with JSAPI.
import type {
  AlipayQrAnswer,
  AlipayTradeRequest,
  AlipayWapAnswer,
  JsapiParams,
  PaymentProvider,
  WxpayAnswers,
  WxpayTradeRequest,
  WxpayTradeType,
} from '../../core/contract/payments'
import { http } from '../../core/http/request'
import type { PayEnvironment, PayOrder, PayOutcome, PayPath } from './pay'

const PROVIDERS: PaymentProvider[] = ['alipay', 'wxpay']

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

const PATHS: Record<PayEnvironment, Record<PaymentProvider, PayPath>> = {
  desktop: { alipay: 'alipayQr', wxpay: 'wxNative' },
  mobile: { alipay: 'alipayWap', wxpay: 'wxMweb' },
  // WeChat's browser pays WeChat-type in place; it blocks Alipay's wap page, so Alipay-type asks
  // the customer to open the page in a browser.
  wechat: { alipay: 'openInBrowser', wxpay: 'wxJsapi' },
  mini: { alipay: 'miniJsapi', wxpay: 'miniJsapi' },
}

export function payPath(env: PayEnvironment, provider: PaymentProvider): PayPath {
  return PATHS[env][provider]
}

export function offeredProviders(): PaymentProvider[] {
  return [...PROVIDERS]
}

export function needsOtherBrowser(provider: PaymentProvider): boolean {
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
  const alipayTrade = { out_trade_no: orderCode, subject } satisfies AlipayTradeRequest
  // The answer's shape follows the trade type (WxpayAnswers).
  const wxpay = <T extends WxpayTradeType>(tradeType: T, payer?: string) =>
    http.post<WxpayAnswers[T]>('/api/wxpay/tradePrecreate', {
      trade_type: tradeType,
      out_trade_no: orderCode,
      body: subject,
      ...(payer ? { payer } : {}),
    } satisfies WxpayTradeRequest)
  switch (payPath(payEnvironment(), provider)) {
    case 'alipayQr':
      return {
        kind: 'qr',
        url: (await http.post<AlipayQrAnswer>('/api/alipay/tradePrecreate', alipayTrade)).qr_code,
      }
    case 'wxNative':
      return { kind: 'qr', url: (await wxpay('NATIVE')).code_url }
    case 'alipayWap':
      return leaveFor((await http.post<AlipayWapAnswer>('/api/alipay/tradeWapPay', alipayTrade)).url)
    case 'wxMweb':
      return leaveFor((await wxpay('MWEB')).mweb_url)
    case 'openInBrowser':
      return { kind: 'openInBrowser' }
    default: {
      const payer = payerToken()
      if (payer === PAYER_REFUSED) return { kind: 'failed', message: FAILED }
      const answer = await wxpay('JSAPI', payer ?? undefined)
      if ('authorize_url' in answer) {
        window.sessionStorage.removeItem(PAYER_KEY)
        return leaveFor(answer.authorize_url)
      }
      return payInWechat(answer)
    }
  }
}
