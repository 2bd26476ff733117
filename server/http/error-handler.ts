// Every failure becomes an envelope with a Chinese message (style examples: "never a stack trace
// or a 500"). /api and /__dev answers are HTTP 200 whatever the code (account-area §7).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CODE, fail } from './envelope'
import { Refusal, INVALID_PARAMS } from '../services/shared/errors'
import { genericFailure } from './request-log'

export const MALFORMED_BODY = '请求数据格式有误'
export const BODY_TOO_LARGE = '请求数据过大'
export const ROUTE_NOT_FOUND = '接口不存在'

/**
 * Postgres class 22 "data exception" (22003 numeric out of range, 22P02 invalid text
 * representation, 22021 a NUL byte in text…): a value the route schemas should have refused. The
 * SQLSTATE is on the driver error, or on its cause under Drizzle (server/db/errors.ts).
 */
export function isDataException(error: unknown): boolean {
  const sqlState = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : null
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null
  return [sqlState(error), sqlState(cause)].some(
    (code) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code),
  )
}

function clientErrorMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return BODY_TOO_LARGE
  if (error.code?.startsWith('FST_ERR_CTP_')) return MALFORMED_BODY
  return INVALID_PARAMS
}

/**
 * Fastify's own refusals before a route is found (a malformed URL, a path parameter over
 * maxParamLength): the same 非法参数 envelope instead of Fastify's English body and status 400/414.
 * Passed as the `frameworkErrors` option of the Fastify factory (server/app.ts).
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.log.info({ code: error.code }, error.message)
  return reply.code(200).send(fail(CODE.invalid, INVALID_PARAMS))
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Refusal, req, reply) => {
    if (error instanceof Refusal) return reply.code(200).send(fail(error.code, error.message, error.data))
    if ('validation' in error && error.validation) {
      req.log.info({ validation: error.validation }, 'request failed validation')
      return reply.code(200).send(fail(CODE.invalid, INVALID_PARAMS))
    }
    if (isDataException(error)) {
      // The client sent the bad value, but a schema let it through: logged as an error to be fixed.
      req.log.error({ err: error }, 'database refused a request value the route schema accepted')
      return reply.code(200).send(fail(CODE.invalid, INVALID_PARAMS))
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
    if (status >= 400 && status < 500) {
      req.log.info({ code: error.code }, error.message)
      return reply.code(200).send(fail(CODE.invalid, clientErrorMessage(error as FastifyError)))
    }
    req.log.error({ err: error }, 'unhandled error')
    // The id lets support find this error's log line from what the user quotes.
    return reply.code(200).send(fail(CODE.internal, genericFailure(req.id)))
  })
}
