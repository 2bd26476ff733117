// Services refuse by throwing an ApiFailure; the error handler turns it into an envelope.
import { CODE } from './envelope'

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiFailure'
  }
}

/** Any refused input (also the error handler's answer to a body the route schema refuses). */
export const INVALID_PARAMS = '非法参数'
export const FORBIDDEN = '无权访问'
export const NOT_FOUND = '数据不存在'

export const invalid = (message: string) => new ApiFailure(CODE.invalid, message)
export const forbidden = (message: string = FORBIDDEN) => new ApiFailure(CODE.forbidden, message)
export const notFound = (message: string = NOT_FOUND) => new ApiFailure(CODE.notFound, message)
export const tooManyRequests = (message: string) => new ApiFailure(CODE.tooManyRequests, message)
export const sessionEnded = (message: string) => new ApiFailure(CODE.sessionEnded, message)
export const qrExpired = (message: string) => new ApiFailure(CODE.qrExpired, message)
export const wechatNotRegistered = (message: string) => new ApiFailure(CODE.wechatNotRegistered, message)
/** An outside service that production has no provider for (docs/api.md "Security model"). */
export const notConfigured = (service: string) =>
  new ApiFailure(CODE.notConfigured, `${service}未配置，暂不可用，请联系客服`)
