// The domain's refusals. A service (or a guard, or a route) refuses by throwing a Refusal: the code
// the client acts on (the wire's, src/core/contract/envelope.ts) and the Chinese message the user
// reads. Nothing here knows HTTP: server/http/error-handler.ts answers a Refusal as an envelope.
import { ENVELOPE_CODE, REFUSAL_CODE } from '../../../src/core/contract/envelope'

export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** What the client acts on besides the message (a send refused for now: the seconds left). */
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** Any refused input (also the error handler's answer to a body the route schema refuses). */
export const INVALID_PARAMS = '非法参数'
export const FORBIDDEN = '无权访问'
export const NOT_FOUND = '数据不存在'

export const invalid = (message: string) => new Refusal(REFUSAL_CODE.invalid, message)
export const forbidden = (message: string = FORBIDDEN) => new Refusal(REFUSAL_CODE.forbidden, message)
export const notFound = (message: string = NOT_FOUND) => new Refusal(REFUSAL_CODE.notFound, message)
export const tooManyRequests = (message: string, data: unknown = null) =>
  new Refusal(REFUSAL_CODE.tooManyRequests, message, data)
/** An outside service failed (the provider is down or answered nonsense). */
export const unavailable = (message: string) => new Refusal(REFUSAL_CODE.internal, message)
export const sessionEnded = (message: string) => new Refusal(ENVELOPE_CODE.sessionEnded, message)
export const qrExpired = (message: string) => new Refusal(ENVELOPE_CODE.qrExpired, message)
export const wechatNotRegistered = (message: string) =>
  new Refusal(ENVELOPE_CODE.wechatNotRegistered, message)
/** An outside service that production has no provider for (docs/api.md "Security model"). */
export const notConfigured = (service: string) =>
  new Refusal(REFUSAL_CODE.notConfigured, `${service}未配置，暂不可用，请联系客服`)
