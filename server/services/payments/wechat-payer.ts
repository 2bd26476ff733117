// The payer of a JSAPI payment in WeChat's browser: an openid of the official account the merchant is
// bound to. A member's stored openid may be the mini-program's (another app), so the browser gets its
// own by a silent `snsapi_base` authorisation: WeChat sends it back to PAYER_CALLBACK_PATH with a
// code and the single-use ticket it was given as state (payer-tickets.ts), the code becomes the openid, and the payment page receives it sealed (HMAC, 2 hours) as
// `wxPayer`, which it hands back with the next JSAPI precreate. The seal keeps the page from naming
// an openid WeChat did not give us; the openid itself is no secret.
import crypto from 'node:crypto'
import { WECHAT_AUTHORIZE_URL } from '../wechat/wechat-identity'

/** Where WeChat returns after the snsapi_base authorisation (outside /api: a page). */
export const PAYER_CALLBACK_PATH = '/wechat/pay/callback'
/** The OAuth state: `p` + a payer ticket (letters and digits only, WeChat's rule). */
export const PAYER_STATE_PREFIX = 'p'
const PAYER_TOKEN_TTL_S = 2 * 3600

const mac = (key: string, text: string) =>
  crypto.createHmac('sha256', `wechat-payer:${key}`).update(text).digest('base64url')

/** `openid.expiry.mac`, valid for two hours. */
export function sealPayer(openid: string, key: string, at: Date): string {
  const body = `${Buffer.from(openid).toString('base64url')}.${Math.floor(at.getTime() / 1000) + PAYER_TOKEN_TTL_S}`
  return `${body}.${mac(key, body)}`
}

/** The openid of a payer token, or null when it is forged, damaged or expired. */
export function openPayer(token: string | undefined, key: string, at: Date): string | null {
  const [openid, expiry, given] = (token ?? '').split('.')
  if (!openid || !expiry || !given) return null
  const expected = Buffer.from(mac(key, `${openid}.${expiry}`))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) return null
  if (Number(expiry) < at.getTime() / 1000) return null
  return Buffer.from(openid, 'base64url').toString()
}

/** WeChat's silent authorisation for the official account `appId`, back with the payer `ticket`. */
export function payerAuthorizeUrl(appId: string, publicOrigin: string, ticket: string): string {
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: new URL(PAYER_CALLBACK_PATH, publicOrigin).toString(),
    response_type: 'code',
    scope: 'snsapi_base',
    state: `${PAYER_STATE_PREFIX}${ticket}`,
  })
  return `${WECHAT_AUTHORIZE_URL}?${query}#wechat_redirect`
}
