// 操作保护 by WeChat confirmation as the console shows it: what covers the QR once the request
// ended without a confirmation, and how long to wait between polls.
import type { WechatReverifyState } from '../../core/contract/fresh-session'

/** Polled every 2 seconds while the QR is shown (a confirmation continues the action soon after). */
export const WECHAT_REVERIFY_POLL_MS = 2000

export const WECHAT_REVERIFY_TEXT = {
  scanHint: '请打开会员中心小程序，点击账号菜单中的「扫一扫」扫描二维码，在手机上确认后此处自动继续。',
  confirmHere: '将由当前登录的微信确认本次操作。',
  expired: '二维码已过期',
  cancelled: '已在小程序中取消本次确认',
  startFailed: '获取二维码失败',
  confirmFailed: '确认失败，请重试',
} as const

/** How a request the QR showed has ended, or null while it still waits (or has just been confirmed). */
export type WechatReverifyEnd = 'expired' | 'cancelled' | 'failed'

/** The end a poll's answer means; null when the QR stays (waiting) or the action goes on (confirmed). */
export function endOfPoll(state: WechatReverifyState['status']): WechatReverifyEnd | null {
  if (state === 'expired' || state === 'cancelled') return state
  return null
}

/** The message over the QR for an end, with the button that starts a new request. */
export function endNotice(end: WechatReverifyEnd, failure = ''): { message: string; action: string } {
  if (end === 'expired') return { message: WECHAT_REVERIFY_TEXT.expired, action: '刷新二维码' }
  if (end === 'cancelled') return { message: WECHAT_REVERIFY_TEXT.cancelled, action: '重新获取' }
  return { message: failure || WECHAT_REVERIFY_TEXT.startFailed, action: '重新获取' }
}
