// Every failure becomes an envelope with a Chinese message (style examples: "never a stack trace
// or a 500"). /api and /__dev answers are HTTP 200 whatever the code (account-area §7).
import type { FastifyError, FastifyInstance } from 'fastify'
import { CODE, fail, GENERIC_FAILURE } from './envelope'
import { ApiFailure } from './failure'

export const INVALID_PARAMS = '非法参数'
export const MALFORMED_BODY = '请求数据格式有误'
export const BODY_TOO_LARGE = '请求数据过大'
export const ROUTE_NOT_FOUND = '接口不存在'

function clientErrorMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return BODY_TOO_LARGE
  if (error.code?.startsWith('FST_ERR_CTP_')) return MALFORMED_BODY
  return INVALID_PARAMS
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiFailure, req, reply) => {
    if (error instanceof ApiFailure) return reply.code(200).send(fail(error.code, error.message))
    if ('validation' in error && error.validation) {
      req.log.info({ validation: error.validation }, 'request failed validation')
      return reply.code(200).send(fail(CODE.invalid, INVALID_PARAMS))
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
    if (status >= 400 && status < 500) {
      req.log.info({ code: error.code }, error.message)
      return reply.code(200).send(fail(CODE.invalid, clientErrorMessage(error as FastifyError)))
    }
    req.log.error({ err: error }, 'unhandled error')
    return reply.code(200).send(fail(CODE.internal, GENERIC_FAILURE))
  })
}
