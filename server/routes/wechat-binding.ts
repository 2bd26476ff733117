// WeChat bind / change / unbind from the account settings (account-area §2, §4, §7). The spec
// names these calls without paths; they live under /api/wechat beside the WeChat logins.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { WECHAT_BINDING_MESSAGES } from '../services/wechat/wechat-binding'
import { integer, object, shortText, type TypedApp } from './schemas'
import { sceneRequester, sceneSecretOf } from './wechat'

const ownerBody = { accountId: integer, phone: shortText(32) }

export function wechatBindingRoutes(app: TypedApp, { wechatBinding }: Services, guards: Guards) {
  const signedIn = { preHandler: guards.requireViewer }
  // Adding, changing or removing the WeChat someone logs in with needs a fresh session (a login or
  // an SMS re-verification in the last 10 minutes): a stolen session must not add a way in. The
  // QR flows ask before their QR is shown, so the user is not sent to re-verify after scanning.
  const sensitive = { preHandler: guards.requireFreshSession }

  // doc2 §7 lists checkBindWechat under /api/pc; the console's WeChat dialogs call /api/wechat.
  for (const url of ['/api/pc/checkBindWechat', '/api/wechat/checkBindWechat']) {
    app.get(url, signedIn, async (req) => ok(await wechatBinding.status(req.viewer)))
  }

  app.get('/api/wechat/getCodeImg', sensitive, async (req) =>
    ok(await wechatBinding.openScene(req.viewer, 'bind', originOf(req), sceneRequester(req))),
  )

  app.get('/api/wechat/getBindQrAddress', sensitive, async (req) =>
    ok(await wechatBinding.openScene(req.viewer, 'change', originOf(req), sceneRequester(req))),
  )

  app.get(
    '/api/wechat/isUserBind',
    { ...signedIn, schema: { querystring: object({ userId: shortText(64), code: shortText(64) }) } },
    async (req) => {
      const { userId = '', code = '' } = req.query
      const scene = { code: code.trim(), secret: sceneSecretOf(req) }
      const answer = await wechatBinding.pollBind(req.viewer, userId, scene, req.ip)
      return ok(answer, answer.key === 1 ? WECHAT_BINDING_MESSAGES.bound : undefined)
    },
  )

  app.post(
    '/api/wechat/miniBindWechat',
    { ...sensitive, schema: { body: object({ code: shortText(256) }) } },
    async (req) => {
      const answer = await wechatBinding.bindByLoginCode(req.viewer, req.body.code ?? '', req.ip)
      return ok(answer, answer.key === 1 ? WECHAT_BINDING_MESSAGES.bound : undefined)
    },
  )

  app.get(
    '/api/wechat/getBindInfoByCode',
    { ...signedIn, schema: { querystring: object({ code: shortText(64) }) } },
    async (req) =>
      ok(await wechatBinding.pollChange(req.viewer, (req.query.code ?? '').trim(), sceneSecretOf(req))),
  )

  app.post(
    '/api/wechat/updateWechat',
    {
      ...sensitive,
      schema: {
        body: object({
          ...ownerBody,
          wxOpenId: shortText(64),
          code: shortText(64),
          jsCode: shortText(256),
        }),
      },
    },
    async (req) => {
      await wechatBinding.change(req.viewer, req.body, sceneSecretOf(req), req.ip)
      return ok(null, WECHAT_BINDING_MESSAGES.changed)
    },
  )

  app.post(
    '/api/wechat/unBindingWechat',
    { ...sensitive, schema: { body: object(ownerBody) } },
    async (req) => {
      await wechatBinding.unbind(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_BINDING_MESSAGES.unbound)
    },
  )
}
