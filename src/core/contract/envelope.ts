// The envelope every API answer travels in (spec account-area §7, doc2 §7, §8): HTTP 200 with
// { code, message, data }. The codes both ends act on are here; the server's plain refusals (400,
// 403, 404, 429, 500, 503: the message is all the client shows) are in server/http/envelope.ts.

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

/** The codes a client reads as success. */
export const SUCCESS_CODES: readonly number[] = [ENVELOPE_CODE.ok, ENVELOPE_CODE.orderOk]

/**
 * What a failure says when it carries no message of its own: an answer the client cannot read, and
 * the server's unexpected errors (with the request id a user can quote, server/http/request-log.ts).
 */
export const GENERIC_FAILURE = '服务器繁忙，请稍后重试'
