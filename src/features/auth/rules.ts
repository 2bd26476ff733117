// Login rules (doc2 §2 Login, §4 Login, §9): which tabs each end offers, the QR poll, messages.

import { ENVELOPE_CODE } from '../../core/contract/envelope'
import { WECHAT_REVERIFY_QR_PREFIX } from '../../core/contract/fresh-session'
import type { WechatLoginMode } from '../../core/platform/wechat'

export type LoginTab = 'qr' | 'sms' | 'password'
export type RegisterTab = 'wechat' | 'phone'

export const LOGIN_TAB_LABELS: Record<LoginTab, string> = {
  qr: '扫码登录',
  sms: '短信登录',
  password: '账号密码登录',
}

export const REGISTER_TAB_LABELS: Record<RegisterTab, string> = {
  wechat: '微信注册',
  phone: '手机号注册',
}

/** QR scan login and WeChat registration are PC only; elsewhere WeChat login is a button. */
export function loginTabs(mode: WechatLoginMode): LoginTab[] {
  return mode === 'qr' ? ['qr', 'sms', 'password'] : ['sms', 'password']
}

export function registerTabs(mode: WechatLoginMode): RegisterTab[] {
  return mode === 'qr' ? ['wechat', 'phone'] : ['phone']
}

export const QR_POLL_INTERVAL_MS = 1000
export const QR_POLL_MAX_TRIES = 120
export const SMS_RESEND_SECONDS = 60

export type QrState =
  | { status: 'loading' }
  | { status: 'waiting'; tries: number }
  | { status: 'scanned'; tries: number }
  | { status: 'confirmed' }
  | { status: 'expired'; message: string }
  | { status: 'refused'; message: string }

export type QrPollOutcome =
  | { kind: 'answer'; status: 'waiting' | 'scanned' | 'confirmed' }
  | { kind: 'failure'; code: number; message: string }

export const QR_EXPIRED_MESSAGE = '二维码已失效，请刷新二维码'

/** A poll is due (once per second): counts the try, or expires the QR after 120 (doc2 §4). */
export function qrTick(state: QrState): QrState {
  if (state.status !== 'waiting' && state.status !== 'scanned') return state
  if (state.tries >= QR_POLL_MAX_TRIES) return { status: 'expired', message: QR_EXPIRED_MESSAGE }
  return { ...state, tries: state.tries + 1 }
}

/** What a poll answered: scanned, confirmed, or 989 / 993 with their message; other failures change nothing. */
export function qrAnswer(state: QrState, outcome: QrPollOutcome): QrState {
  if (state.status !== 'waiting' && state.status !== 'scanned') return state
  if (outcome.kind === 'failure') {
    if (outcome.code === ENVELOPE_CODE.qrExpired) return { status: 'expired', message: outcome.message }
    if (outcome.code === ENVELOPE_CODE.wechatNotRegistered)
      return { status: 'refused', message: outcome.message }
    return state
  }
  if (outcome.status === 'confirmed') return { status: 'confirmed' }
  return outcome.status === 'scanned' ? { status: 'scanned', tries: state.tries } : state
}

/** The code of a browser's 操作保护 request (its QR: WECHAT_REVERIFY_QR_PREFIX + code), or null. */
export function reverifyCodeFromQr(text: string): string | null {
  const value = text.trim()
  if (!value.startsWith(WECHAT_REVERIFY_QR_PREFIX)) return null
  const code = value.slice(WECHAT_REVERIFY_QR_PREFIX.length)
  return /^[\w-]{8,64}$/.test(code) ? code : null
}

/** The scene code in a desktop login QR: the scan page URL's `code`, or the bare code. */
export function sceneCodeFromQr(text: string): string | null {
  const value = text.trim()
  const match = /[?&]code=([^&#]+)/.exec(value)
  if (match) return decodeURIComponent(match[1])
  return /^[\w-]{8,}$/.test(value) ? value : null
}
