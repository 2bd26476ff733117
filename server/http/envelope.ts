// Every /api response is HTTP 200 with { code, message, data } (spec account-area §7, doc2 §7). The
// codes the client acts on, the envelope's type and the generic failure are the wire contract's.
import { ENVELOPE_CODE, REFUSAL_CODE, type Envelope } from '../../src/core/contract/envelope'

export const CODE = {
  ok: ENVELOPE_CODE.ok,
  ...REFUSAL_CODE,
  qrExpired: ENVELOPE_CODE.qrExpired,
  wechatNotRegistered: ENVELOPE_CODE.wechatNotRegistered,
  sessionEnded: ENVELOPE_CODE.sessionEnded,
} as const

export type Code = (typeof CODE)[keyof typeof CODE]

export const OK_MESSAGE = '操作成功'
/** Every call that starts a session answers with this (doc2 §8 "Success"). */
export const LOGIN_OK = '登录成功'

export function ok<T>(data: T, message: string = OK_MESSAGE): Envelope<T> {
  return { code: CODE.ok, message, data }
}

export function fail(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data }
}
