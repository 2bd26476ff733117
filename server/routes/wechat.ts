// WeChat logins against the sandbox (doc2 §2 Login, §4, §7): desktop QR scenes, in-app OAuth,
// the mini-program, binding a phone, and the official-account follow page.
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../http/auth'
import { LOGIN_OK, OK_MESSAGE, ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import type { SmsLoginInput } from '../services/phone-auth'
import { WECHAT_MESSAGES, type MiniBindInput } from '../services/wechat'
import { object, shortText } from './schemas'

const codeQuery = object({ code: shortText(128) })
const codeBody = object({ code: shortText(256) })

export function wechatRoutes(app: FastifyInstance, { wechat }: Services, guards: Guards) {
  // The spec names these two with a trailing slash; both spellings answer.
  for (const url of ['/api/wechat/getQrAddress', '/api/wechat/getQrAddress/']) {
    app.get<{ Querystring: { purpose?: string } }>(
      url,
      { schema: { querystring: object({ purpose: shortText(16) }) } },
      async (req) => ok(await wechat.createScene(req.query.purpose, originOf(req))),
    )
  }

  for (const url of ['/api/wechat/getTokenByCode', '/api/wechat/getTokenByCode/']) {
    app.get<{ Querystring: { code?: string } }>(url, { schema: { querystring: codeQuery } }, async (req) => {
      const answer = await wechat.poll((req.query.code ?? '').trim(), req.ip)
      return ok(answer, answer.status === 'confirmed' ? LOGIN_OK : OK_MESSAGE)
    })
  }

  app.get<{ Querystring: { code?: string } }>(
    '/api/app/scanCode',
    { schema: { querystring: codeQuery }, preHandler: guards.requireViewer },
    async (req) => {
      await wechat.scanCode(req.viewer, (req.query.code ?? '').trim())
      return ok(null, WECHAT_MESSAGES.scanConfirmed)
    },
  )
  app.post<{ Body: { code?: string } }>(
    '/api/app/scanCode',
    { schema: { body: codeBody }, preHandler: guards.requireViewer },
    async (req) => {
      await wechat.scanCode(req.viewer, (req.body.code ?? '').trim())
      return ok(null, WECHAT_MESSAGES.scanConfirmed)
    },
  )

  app.get<{ Querystring: { redirect?: string } }>(
    '/api/wechat/oauthUrl',
    { schema: { querystring: object({ redirect: shortText(512) }) } },
    async (req) => ok(await wechat.oauthUrl(req.query.redirect, originOf(req))),
  )

  app.post<{ Body: { code?: string } }>(
    '/api/wechat/oauthLogin',
    { schema: { body: codeBody } },
    async (req) => ok(await wechat.oauthLogin((req.body.code ?? '').trim(), req.ip), LOGIN_OK),
  )

  app.post<{ Body: { code?: string } }>(
    '/api/wechat/miniLogin',
    { schema: { body: codeBody } },
    async (req) => {
      const answer = await wechat.miniLogin(req.body.code ?? '', req.ip)
      return ok(answer, 'token' in answer ? LOGIN_OK : OK_MESSAGE)
    },
  )

  app.post<{ Body: MiniBindInput }>(
    '/api/wechat/miniBindPhone',
    { schema: { body: object({ bindTicket: shortText(128), phone: shortText(32), code: shortText(32) }) } },
    async (req) => ok(await wechat.miniBindPhone(req.body, req.ip), LOGIN_OK),
  )

  app.post<{ Body: SmsLoginInput }>(
    '/api/wechat/bindPhone',
    {
      schema: { body: object({ phone: shortText(32), code: shortText(32) }) },
      preHandler: guards.requireViewer,
    },
    async (req) => {
      await wechat.bindPhone(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_MESSAGES.bound)
    },
  )

  app.get('/api/wechat/officialAccountQr', async (req) => ok(wechat.officialAccountQr(originOf(req))))
}
