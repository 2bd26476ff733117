// The envelope every API answer travels in (spec account-area §7, doc2 §7, §8): HTTP 200 with
// { code, message, data }. The codes both ends act on are here, and the server's plain refusals
// (REFUSAL_CODE: the message is all the client shows).

export interface Envelope<T> {
  code: number
  message: string
  data: T
}

export const ENVELOPE_CODE = {
  ok: 200,
  /** The order services' success (doc2 §7): the client takes it as 200; this server never sends it. */
  orderOk: 988,
  /** QR scene expired, unknown or already used: the login page shows the message (doc2 §4, §8). */
  qrExpired: 989,
  /** The WeChat user belongs to no member yet: the login page shows the message. */
  wechatNotRegistered: 993,
  /**
   * Token missing, expired, revoked or ended by a login elsewhere: the client shows the message,
   * forgets the token and goes to /login (doc2 §8).
   */
  sessionEnded: 996,
} as const

/**
 * The server's plain refusals (server/services/errors.ts): the client shows the message and acts on
 * nothing else.
 */
export const REFUSAL_CODE = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  /** An outside service (SMS, WeChat, payment, e-sign, mail) with no provider configured. */
  notConfigured: 503,
} as const

/** The codes a client reads as success. */
export const SUCCESS_CODES: readonly number[] = [ENVELOPE_CODE.ok, ENVELOPE_CODE.orderOk]

/**
 * What a failure says when it carries no message of its own: an answer the client cannot read, and
 * the server's unexpected errors (with the request id a user can quote, server/http/request-log.ts).
 */
export const GENERIC_FAILURE = '服务器繁忙，请稍后重试'
