// The nonce of an in-app WeChat login (oauthUrl): kept by this browser tab through the round trip
// to WeChat's consent page and sent once with oauthLogin, so a wxcode logs in only the browser that
// asked for it (a link carrying someone else's wxcode logs nobody in).
import { sessionStorage } from '../../core/platform/session-storage'

const NONCE_KEY = 'member-centre.oauthNonce'

export function keepOauthNonce(nonce: string): void {
  void sessionStorage.setItem(NONCE_KEY, nonce)
}

/** The kept nonce, forgotten as it is read ('' when none). */
export function takeOauthNonce(): string {
  const nonce = sessionStorage.getItem(NONCE_KEY)
  void sessionStorage.removeItem(NONCE_KEY)
  return typeof nonce === 'string' ? nonce : ''
}
