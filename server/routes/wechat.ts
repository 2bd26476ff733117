// WeChat logins (doc2 §2 Login, §4, §7): desktop QR scenes, in-app OAuth and WeChat's OAuth
// callback, the mini-program, binding a phone, and the official-account follow page.
import type { FastifyReply } from 'fastify'
import type { Guards } from '../http/auth'
import { LOGIN_OK, OK_MESSAGE, ok } from '../http/envelope'
import { ApiFailure, invalid } from '../http/failure'
import { originOf } from '../http/origin'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import { OAUTH_STATE_PREFIX, WECHAT_MESSAGES } from '../services/wechat'
import { OAUTH_CALLBACK_PATH } from '../services/wechat-identity'
import { object, shortText, type TypedApp } from './schemas'

const codeQuery = object({ code: shortText(128) })
const codeBody = object({ code: shortText(256) })

const CALLBACK_STYLE = `
  body { margin: 0; font: 16px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1d2129; }
  main { max-width: 420px; margin: 0 auto; padding: 48px 20px; text-align: center; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 16px; color: #4e5969; }
  .note { font-size: 12px; color: #86909c; }
`
/** The page the phone's WeChat shows after its consent (no script, nothing echoed but our texts). */
const callbackPage = sandboxPage(CALLBACK_STYLE, '会员中心')
const showOnPhone = (reply: FastifyReply, title: string, text: string) =>
  callbackPage(reply, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)

export const OAUTH_CALLBACK_TEXT = {
  confirmed: '已确认，请回到电脑端',
  cancelled: '已取消授权',
  failed: '微信授权未完成',
} as const

export function wechatRoutes(
  app: TypedApp,
  { wechat, wechatBinding, wechatIdentity }: Services,
  guards: Guards,
) {
  // The spec names these two with a trailing slash; both spellings answer.
  for (const url of ['/api/wechat/getQrAddress', '/api/wechat/getQrAddress/']) {
    app.get(url, { schema: { querystring: object({ purpose: shortText(16) }) } }, async (req) =>
      ok(await wechat.createScene(req.query.purpose, originOf(req))),
    )
  }

  for (const url of ['/api/wechat/getTokenByCode', '/api/wechat/getTokenByCode/']) {
    app.get(url, { schema: { querystring: codeQuery } }, async (req) => {
      const answer = await wechat.poll((req.query.code ?? '').trim(), req.ip)
      return ok(answer, answer.status === 'confirmed' ? LOGIN_OK : OK_MESSAGE)
    })
  }

  app.get(
    '/api/app/scanCode',
    { schema: { querystring: codeQuery }, preHandler: guards.requireViewer },
    async (req) => {
      await wechat.scanCode(req.viewer, (req.query.code ?? '').trim())
      return ok(null, WECHAT_MESSAGES.scanConfirmed)
    },
  )
  app.post(
    '/api/app/scanCode',
    { schema: { body: codeBody }, preHandler: guards.requireViewer },
    async (req) => {
      await wechat.scanCode(req.viewer, (req.body.code ?? '').trim())
      return ok(null, WECHAT_MESSAGES.scanConfirmed)
    },
  )

  app.get(
    '/api/wechat/oauthUrl',
    { schema: { querystring: object({ redirect: shortText(512) }) } },
    async (req) => ok(await wechat.oauthUrl(req.query.redirect, originOf(req))),
  )

  app.post('/api/wechat/oauthLogin', { schema: { body: codeBody } }, async (req) =>
    ok(await wechat.oauthLogin((req.body.code ?? '').trim(), req.ip), LOGIN_OK),
  )

  app.post('/api/wechat/miniLogin', { schema: { body: codeBody } }, async (req) => {
    const answer = await wechat.miniLogin(req.body.code ?? '', req.ip)
    return ok(answer, 'token' in answer ? LOGIN_OK : OK_MESSAGE)
  })

  app.post(
    '/api/wechat/miniBindPhone',
    { schema: { body: object({ bindTicket: shortText(128), phone: shortText(32), code: shortText(32) }) } },
    async (req) => ok(await wechat.miniBindPhone(req.body, req.ip), LOGIN_OK),
  )

  // A first phone is a new way to log in: like a first WeChat it needs a fresh session.
  app.post(
    '/api/wechat/bindPhone',
    {
      schema: { body: object({ phone: shortText(32), code: shortText(32) }) },
      preHandler: guards.requireFreshSession,
    },
    async (req) => {
      await wechat.bindPhone(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_MESSAGES.bound)
    },
  )

  app.get('/api/wechat/officialAccountQr', async (req) => ok(wechat.officialAccountQr(originOf(req))))

  // WeChat sends the browser back here after its consent page (?code&state; no code when refused):
  // an in-app login goes on to /login with a one-time code; a QR scene (login, bind, change) is
  // confirmed with the user's openid and the phone shows a page. Refusals are pages too.
  app.get(
    OAUTH_CALLBACK_PATH,
    {
      schema: {
        querystring: object({ code: shortText(256), state: shortText(160), redirect: shortText(512) }),
      },
    },
    async (req, reply) => {
      const { code, redirect } = req.query
      const state = (req.query.state ?? '').trim()
      try {
        if (!code?.trim()) return showOnPhone(reply, OAUTH_CALLBACK_TEXT.cancelled, '请返回重新操作。')
        if (state.startsWith(OAUTH_STATE_PREFIX.login)) {
          const { location } = await wechat.returnFromOauth(state.slice(1), code, redirect)
          return reply.redirect(location)
        }
        if (!state.startsWith(OAUTH_STATE_PREFIX.scene)) throw invalid(WECHAT_MESSAGES.oauthExpired)
        const scene = state.slice(1)
        const openid = await wechatIdentity.ofOauthCode(code)
        if (!(await wechatBinding.answerScene(scene, 'confirm', openid))) {
          await wechat.answerScene(scene, 'confirm', openid)
        }
        return showOnPhone(reply, OAUTH_CALLBACK_TEXT.confirmed, '请在电脑上继续操作。')
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure
        return showOnPhone(reply, OAUTH_CALLBACK_TEXT.failed, failure.message)
      }
    },
  )
}
