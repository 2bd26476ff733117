// WeChat logins (doc2 §2 Login, §4, §7): desktop QR scenes, in-app OAuth and WeChat's OAuth
// callback, the mini-program, binding a phone, and the official-account follow page.
import type { FastifyRequest } from 'fastify'
import type { PhoneCodeRequest } from '../../src/core/contract/auth'
import type { MiniBindPhoneRequest, OauthLoginRequest } from '../../src/core/contract/wechat'
import type { Guards } from '../http/auth'
import { LOGIN_OK, OK_MESSAGE, ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { SCENE_SECRET_HEADER } from '../services/wechat/scene-approval'
import { WECHAT_MESSAGES } from '../services/wechat/wechat'
import { object, requestOf, shortText, type TypedApp } from './schemas'
import { wechatCallbackRoutes } from './wechat-callback'

const codeQuery = object({ code: shortText(128) })
const codeBody = object({ code: shortText(256) })
const oauthLoginBody = requestOf<OauthLoginRequest>()(object({ code: shortText(256), nonce: shortText(64) }))
const miniBindBody = requestOf<MiniBindPhoneRequest>()(
  object({ bindTicket: shortText(128), phone: shortText(32), code: shortText(32) }),
)
const bindPhoneBody = requestOf<PhoneCodeRequest>()(object({ phone: shortText(32), code: shortText(32) }))

/** The creating browser's secret of a QR scene (scene-approval.ts), from its header. */
export function sceneSecretOf(req: FastifyRequest): string | undefined {
  const value = req.headers[SCENE_SECRET_HEADER]
  return Array.isArray(value) ? value[0] : value
}

/** Who asks for a new QR scene: shown on the phone before it confirms. */
export const sceneRequester = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ip: req.ip })

export function wechatRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { wechat } = services
  // The spec names these two with a trailing slash; both spellings answer.
  for (const url of ['/api/wechat/getQrAddress', '/api/wechat/getQrAddress/']) {
    app.get(url, { schema: { querystring: object({ purpose: shortText(16) }) } }, async (req) =>
      ok(await wechat.createScene(req.query.purpose, originOf(req), sceneRequester(req))),
    )
  }

  for (const url of ['/api/wechat/getTokenByCode', '/api/wechat/getTokenByCode/']) {
    app.get(url, { schema: { querystring: codeQuery } }, async (req) => {
      const answer = await wechat.poll((req.query.code ?? '').trim(), sceneSecretOf(req), req.ip)
      return ok(answer, answer.status === 'confirmed' ? LOGIN_OK : OK_MESSAGE)
    })
  }

  // The mini-program's 扫码登录: GET identifies the session as the scanner and says what 确认 would
  // approve; only POST with that answer's confirmToken and action confirm (or cancel) the scene.
  app.get(
    '/api/app/scanCode',
    { schema: { querystring: codeQuery }, preHandler: guards.requireViewer },
    async (req) => ok(await wechat.scanCode(req.viewer, (req.query.code ?? '').trim())),
  )
  app.post(
    '/api/app/scanCode',
    {
      schema: {
        body: object(
          { code: shortText(256), confirmToken: shortText(128), action: { enum: ['confirm', 'cancel'] } },
          ['confirmToken', 'action'],
        ),
      },
      preHandler: guards.requireViewer,
    },
    async (req) => {
      const { confirmToken, action } = req.body
      await wechat.answerScanCode(req.viewer, confirmToken.trim(), action)
      return ok(null, action === 'confirm' ? WECHAT_MESSAGES.scanConfirmed : WECHAT_MESSAGES.scanCancelled)
    },
  )

  app.get(
    '/api/wechat/oauthUrl',
    { schema: { querystring: object({ redirect: shortText(512) }) } },
    async (req) => ok(await wechat.oauthUrl(req.query.redirect, originOf(req))),
  )

  app.post('/api/wechat/oauthLogin', { schema: { body: oauthLoginBody } }, async (req) =>
    ok(
      await wechat.oauthLogin((req.body.code ?? '').trim(), (req.body.nonce ?? '').trim(), req.ip),
      LOGIN_OK,
    ),
  )

  app.post('/api/wechat/miniLogin', { schema: { body: codeBody } }, async (req) => {
    const answer = await wechat.miniLogin(req.body.code ?? '', req.ip)
    return ok(answer, 'token' in answer ? LOGIN_OK : OK_MESSAGE)
  })

  app.post('/api/wechat/miniBindPhone', { schema: { body: miniBindBody } }, async (req) =>
    ok(await wechat.miniBindPhone(req.body, req.ip), LOGIN_OK),
  )

  // A first phone is a new way to log in: like a first WeChat it needs a fresh session.
  app.post(
    '/api/wechat/bindPhone',
    { schema: { body: bindPhoneBody }, preHandler: guards.requireFreshSession },
    async (req) => {
      await wechat.bindPhone(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_MESSAGES.bound)
    },
  )

  app.get('/api/wechat/officialAccountQr', async (req) => ok(wechat.officialAccountQr(originOf(req))))

  wechatCallbackRoutes(app, services)
}
