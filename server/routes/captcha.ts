// Image captcha (doc2 §7 "GET /api/app/code {type}"; account-area §7).
import type { FastifyInstance } from 'fastify'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { integer, object } from './schemas'

export function captchaRoutes(app: FastifyInstance, { captchas }: Services) {
  app.get<{ Querystring: { type?: number } }>(
    '/api/app/code',
    { schema: { querystring: object({ type: integer }) } },
    async (req) => ok(await captchas.createImage(req.query.type)),
  )
}
