// What the API document derives from the routes (server/http/api-document.ts): each operation's
// refusal codes, the routes left out, and the checked-in text's stable form.
import type { RouteOptions } from 'fastify'
import type { Guard, Guards } from '../../../server/http/auth'
import { answer, fileAnswer, none } from '../../../server/routes/responses'
import {
  answersEnvelope,
  documentText,
  errorCodesOf,
  guardErrorCodes,
  isUndocumented,
} from '../../../server/http/api-document'

const guard = (): Guard => async () => undefined
const guards: Guards = {
  requireViewer: guard(),
  requireViewerMayBePending: guard(),
  requireMainAccount: guard(),
  requireFreshSession: guard(),
  requireFreshMainAccount: guard(),
}
const codes = guardErrorCodes(guards)
const route = (options: Partial<RouteOptions>) =>
  ({ method: 'GET', url: '/api/x', handler: () => undefined, ...options }) as RouteOptions

describe('errorCodesOf', () => {
  it('gives a public route without input only the server failure', () => {
    expect(errorCodesOf(route({}), codes)).toEqual([500])
  })

  it('adds 400 for an input schema, and each guard its codes', () => {
    const list = route({ schema: { querystring: {} }, preHandler: guards.requireViewer })
    expect(errorCodesOf(list, codes)).toEqual([400, 403, 500, 996])
    const pending = route({
      method: 'POST',
      schema: { body: {} },
      preHandler: guards.requireViewerMayBePending,
    })
    expect(errorCodesOf(pending, codes)).toEqual([400, 500, 996])
  })

  it('adds 4031 behind a fresh-session guard', () => {
    expect(errorCodesOf(route({ preHandler: [guards.requireFreshMainAccount] }), codes)).toEqual([
      403, 500, 996, 4031,
    ])
  })

  it('adds 429 to a rate-limited route', () => {
    expect(errorCodesOf(route({ method: 'POST', url: '/api/app/loginByPassword' }), codes)).toContain(429)
  })

  it('keeps the codes a route declares itself (a guard chosen per request)', () => {
    const declared = route({ schema: { 'x-error-codes': [403, 4031] } as RouteOptions['schema'] })
    expect(errorCodesOf(declared, codes)).toEqual([403, 500, 4031])
  })
})

describe('isUndocumented', () => {
  it.each(['/__dev/sms', '/', '/*', '/metrics', '/docs', '/docs/json'])('leaves out %s', (url) => {
    expect(isUndocumented(url)).toBe(true)
  })

  it.each(['/api/pc/getOrder', '/healthz', '/wechat/pay/callback'])('documents %s', (url) => {
    expect(isUndocumented(url)).toBe(false)
  })
})

describe('documentText', () => {
  it('sorts keys at every depth, keeps array order, indents by two and ends with a newline', () => {
    const text = documentText({
      paths: { '/b': { get: 1 }, '/a': { post: 2 } },
      info: { version: '1', title: 't' },
      tags: [{ name: 'z' }, { name: 'a' }],
    })
    expect(text).toBe(
      '{\n  "info": {\n    "title": "t",\n    "version": "1"\n  },\n  "paths": {\n    "/a": {\n      "post": 2\n    },\n    "/b": {\n      "get": 1\n    }\n  },\n  "tags": [\n    {\n      "name": "z"\n    },\n    {\n      "name": "a"\n    }\n  ]\n}\n',
    )
  })
})

describe('answersEnvelope', () => {
  it('is true of an enveloped answer and of a file answer with its JSON refusal', () => {
    expect(answersEnvelope(answer(none))).toBe(true)
    expect(answersEnvelope(fileAnswer(['text/csv']))).toBe(true)
  })

  it('is false of a probe’s plain answer and of a route without a response schema', () => {
    expect(answersEnvelope({ 200: { type: 'object', properties: {} } })).toBe(false)
    expect(answersEnvelope(undefined)).toBe(false)
  })
})
