// Tests only (BuildOptions.checkResponses): every answer must come out of its route's response
// schema as the handler gave it. Fastify's serializer silently drops the fields a response schema
// does not list and coerces the types it names, so a schema that is not exact would change what
// clients receive; this check makes that request fail in the test that made it instead. The
// failure is thrown (the route table records it among the unexpected errors) and the request
// answers HTTP 500 with the route and the first path that differs.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CODE, fail } from './envelope'

export class ResponseMismatch extends Error {
  constructor(route: string, difference: string) {
    super(`${route}: the response schema changes the answer at ${difference}`)
    this.name = 'ResponseMismatch'
  }
}

/**
 * The first place where `actual` differs from `expected` (two JSON values), as a path such as
 * `data.list[2].name`, with both values; null when they are equal.
 */
export function firstDifference(expected: unknown, actual: unknown, path = '(answer)'): string | null {
  if (Object.is(expected, actual)) return null
  const bothObjects =
    typeof expected === 'object' && expected !== null && typeof actual === 'object' && actual !== null
  if (!bothObjects || Array.isArray(expected) !== Array.isArray(actual)) {
    return `${path}: ${JSON.stringify(expected)} became ${JSON.stringify(actual)}`
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      return `${path}: ${expected.length} items became ${actual.length}`
    }
    for (let i = 0; i < expected.length; i++) {
      const found = firstDifference(expected[i], actual[i], `${path}[${i}]`)
      if (found) return found
    }
    return null
  }
  const before = expected as Record<string, unknown>
  const after = actual as Record<string, unknown>
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const at = path === '(answer)' ? key : `${path}.${key}`
    if (!(key in after)) return `${at}: dropped (was ${JSON.stringify(before[key])})`
    if (!(key in before)) return `${at}: added (${JSON.stringify(after[key])})`
    const found = firstDifference(before[key], after[key], at)
    if (found) return found
  }
  return null
}

export function registerResponseCheck(app: FastifyInstance) {
  const raw = new WeakMap<FastifyRequest, unknown>()
  const mismatched = new WeakMap<FastifyRequest, ResponseMismatch>()

  app.addHook('preSerialization', async (req, _reply, payload) => {
    raw.set(req, payload)
    return payload
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const failure = mismatched.get(req)
    // The error handler's answer to the mismatch: made a visible HTTP 500 that names it.
    if (failure) {
      reply.code(500)
      return JSON.stringify(fail(CODE.internal, failure.message))
    }
    if (!raw.has(req) || typeof payload !== 'string') return payload
    const handed = raw.get(req)
    raw.delete(req)
    const difference = firstDifference(JSON.parse(JSON.stringify(handed)), JSON.parse(payload))
    if (difference === null) return payload
    const mismatch = new ResponseMismatch(`${req.method} ${req.routeOptions.url ?? req.url}`, difference)
    mismatched.set(req, mismatch)
    throw mismatch
  })
}
