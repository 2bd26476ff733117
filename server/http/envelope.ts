// Every /api response is HTTP 200 with { code, message, data } (spec account-area §7, doc2 §7).
export const CODE = {
  ok: 200,
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  /** An outside service (SMS, WeChat, payment, e-sign, mail) with no provider configured. */
  notConfigured: 503,
  /** QR scene expired, unknown or already used: the login page shows the message (doc2 §4, §8). */
  qrExpired: 989,
  /** The WeChat user belongs to no member yet: the login page shows the message. */
  wechatNotRegistered: 993,
  /** Token missing, expired or revoked: the client clears it and goes to /login (doc2 §8). */
  sessionEnded: 996,
} as const

export type Code = (typeof CODE)[keyof typeof CODE]

export interface Envelope<T> {
  code: number
  message: string
  data: T
}

export const OK_MESSAGE = '操作成功'
/** Every call that starts a session answers with this (doc2 §8 "Success"). */
export const LOGIN_OK = '登录成功'
export const GENERIC_FAILURE = '服务器繁忙，请稍后重试'

export function ok<T>(data: T, message: string = OK_MESSAGE): Envelope<T> {
  return { code: CODE.ok, message, data }
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, data: null }
}
