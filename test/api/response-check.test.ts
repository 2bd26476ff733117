// The response check the API tests run with (server/http/response-check.ts): an answer its route's
// response schema would change fails visibly, as an HTTP 500 naming the route and the first
// differing path, and as an error the route table records among the unexpected ones.
import Fastify from 'fastify'
import { ok } from '../../server/http/envelope'
import { registerErrorHandler } from '../../server/http/error-handler'
import { registerResponseCheck } from '../../server/http/response-check'
import { answer, shape, text } from '../../server/routes/responses'

// light-my-request (Fastify inject) requires the ESM-only `cookie`; use the host's copy.
jest.mock('cookie', () => globalThis.__hostCookie)

describe('the response check on an app', () => {
  async function appAnswering(data: unknown) {
    const app = Fastify()
    const errors: string[] = []
    app.addHook('onError', async (_req, _reply, error) => {
      errors.push(error.message)
    })
    registerErrorHandler(app)
    registerResponseCheck(app)
    app.get('/x', { schema: { response: answer(shape({ name: text })) } }, async () => ok(data))
    await app.ready()
    return { app, errors }
  }

  it('lets an answer its schema describes exactly through unchanged', async () => {
    const { app, errors } = await appAnswering({ name: '甲' })
    const response = await app.inject({ method: 'GET', url: '/x' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, message: '操作成功', data: { name: '甲' } })
    expect(errors).toEqual([])
  })

  it('fails an answer the schema would change: HTTP 500 naming the route and path, and an error', async () => {
    const { app, errors } = await appAnswering({ name: '甲', phone: '138' })
    const response = await app.inject({ method: 'GET', url: '/x' })
    const mismatch = 'GET /x: the response schema changes the answer at data.phone: dropped (was "138")'
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ code: 500, message: mismatch, data: null })
    expect(errors).toEqual([mismatch])
  })
})
