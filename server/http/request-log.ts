// One JSON log line per request, and a request id that ties the line, the response and the user
// together (docs/operations.md "Logs"): every response carries it in X-Request-Id, and the generic
// failure shows it, so a user can quote it to support and support can find the line.
import crypto from 'node:crypto'
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { GENERIC_FAILURE } from '../../src/core/contract/envelope'

export const REQUEST_ID_HEADER = 'x-request-id'

/** 12 hex digits: short enough to read out over the phone, enough not to repeat in a day's log. */
export const newRequestId = () => crypto.randomBytes(6).toString('hex')

/**
 * Options of the Fastify factory: our own ids (a client's X-Request-Id is not trusted: it would
 * let anyone forge or collide with another request's id), and Fastify's two lines per request
 * (incoming, completed) replaced by registerRequestLog's one.
 */
export const requestLogOptions = {
  genReqId: newRequestId,
  logController: new LogController({ disableRequestLogging: true }),
} satisfies Partial<FastifyServerOptions>

/** The generic failure with the id a user can quote: 服务器繁忙，请稍后重试（编号 0a1b2c3d4e5f）. */
export function genericFailure(requestId: string): string {
  return `${GENERIC_FAILURE}（编号 ${requestId}）`
}

/**
 * The header on every response that runs hooks, and the line when the response is sent: method,
 * URL (through the logger's req serializer, which redacts secrets), client address, status and
 * time in ms. Routes with a higher logLevel (the probes, /metrics) are left out.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id)
  })
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { req, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    )
  })
}
