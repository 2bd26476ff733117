// Login, logout and the entry-token exchange (doc2 §7 "Login and account").
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import type { PasswordLoginInput } from '../services/login'
import { object, shortText } from './schemas'

// Fields are optional here: missing ones get the form's own messages from the login service.
const passwordLoginBody = object({
  phone: shortText(64),
  password: shortText(512),
  uuId: shortText(64),
  verificationCode: shortText(16),
})

export function authRoutes(app: FastifyInstance, services: Services, { requireViewer }: Guards) {
  app.post<{ Body: PasswordLoginInput }>(
    '/api/app/loginByPassword',
    { schema: { body: passwordLoginBody } },
    async (req) => ok(await services.login.loginByPassword(req.body, req.ip), '登录成功'),
  )

  app.get('/api/pc/logout', { preHandler: requireViewer }, async (req) => {
    await services.sessions.revoke(req.viewer.sessionId)
    return ok(null)
  })

  app.get<{ Querystring: { token?: string } }>(
    '/api/feignApi/fkToken',
    { schema: { querystring: object({ token: shortText(128) }) } },
    async (req) => ok(await services.entryTokens.exchange(req.query.token ?? '', req.ip)),
  )
}
