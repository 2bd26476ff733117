// Idle logout (spec account-area §2, doc2 §4 "Session"): 30 minutes without a click, checked
// every 2 s, not on exempt pages.
export const IDLE_LIMIT_MS = 30 * 60 * 1000
export const IDLE_CHECK_INTERVAL_MS = 2000
export const IDLE_LOGOUT_MESSAGE = '您已经30分钟没有操作,请重新登录使用。'

export function isIdleExpired(lastClickTime: number, now: number): boolean {
  return lastClickTime > 0 && now - lastClickTime >= IDLE_LIMIT_MS
}
