// 操作保护 (账户管理): the session member's re-verification method and window, and the
// re-verification by the authenticator app or by WeChat confirmation (services/account/
// wechat-reverify.ts). Changing the setting is itself protected (a fresh session).
import {
  WECHAT_REVERIFY_MSG,
  type TotpReverifyRequest,
  type WechatReverifyAnswer,
  type WechatReverifyCodeQuery,
  type WechatReverifyDetails,
  type WechatReverifyState,
  type WechatReverifyTicket,
  type WechatReverifyStartRequest,
} from '../../src/core/contract/fresh-session'
import {
  OPERATION_PROTECTION_MSG,
  PROTECTION_METHOD,
  type OperationProtection,
  type SaveOperationProtectionRequest,
} from '../../src/core/contract/operation-protection'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { VERIFIED_MESSAGE } from '../services/account/security-verification'
import { documented, TAG } from './api-tags'
import { answer, flag, int, nullAnswer, oneOfValues, responseOf, shape, text } from './responses'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'

const settingBody = requestOf<SaveOperationProtectionRequest>()(
  object({ method: { enum: Object.values(PROTECTION_METHOD) }, windowMinutes: integer }),
)
const totpBody = requestOf<TotpReverifyRequest>()(object({ code: shortText(32) }))
const wechatStartBody = requestOf<WechatReverifyStartRequest>()(object({ action: shortText(32) }))
const wechatAnswerBody = requestOf<WechatReverifyAnswer>()(
  object({ code: shortText(64), jsCode: shortText(256), answer: { enum: ['confirm', 'cancel'] } }, [
    'code',
    'answer',
  ]),
)
const wechatCodeQuery = requestOf<WechatReverifyCodeQuery>()(object({ code: shortText(64) }, ['code']))

const about = documented(TAG.account)
const protection = responseOf<OperationProtection>()(
  shape({
    method: oneOfValues(Object.values(PROTECTION_METHOD)),
    windowMinutes: int,
    totpAvailable: flag,
    wechatAvailable: flag,
  }),
)
const wechatTicket = responseOf<WechatReverifyTicket>()(shape({ code: text, qrText: text, expiresAt: text }))
const wechatState = responseOf<WechatReverifyState>()(
  shape({ status: oneOfValues(['waiting', 'confirmed', 'cancelled', 'expired']) }),
)
const wechatDetails = responseOf<WechatReverifyDetails>()(
  shape({ action: text, browser: text, ip: text, requestedAt: text }),
)

export function operationProtectionRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { operationProtection, accountSettings, wechatReverify } = services
  const { requireViewer, requireFreshSession } = guards

  app.get(
    '/api/app/account/operationProtection',
    { schema: { ...about('操作保护设置'), response: answer(protection) }, preHandler: requireViewer },
    async (req) => ok(await operationProtection.get(req.viewer)),
  )

  app.post(
    '/api/app/account/operationProtection',
    {
      schema: { ...about('保存操作保护设置'), body: settingBody, response: nullAnswer },
      preHandler: requireFreshSession,
    },
    async (req) => {
      await operationProtection.save(req.viewer, req.body, req.ip)
      return ok(null, OPERATION_PROTECTION_MSG.saved)
    },
  )

  app.post(
    '/api/app/account/reverify/totp',
    {
      schema: { ...about('用动态验证码重新验证'), body: totpBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await accountSettings.reverify.confirmTotp(req.viewer, req.body.code, req.ip)
      return ok(null, VERIFIED_MESSAGE)
    },
  )

  app.post(
    '/api/app/account/reverify/wechat',
    {
      schema: {
        ...about('发起微信确认（网页显示二维码）'),
        body: wechatStartBody,
        response: answer(wechatTicket),
      },
      preHandler: requireViewer,
    },
    async (req) =>
      ok(
        await wechatReverify.start(req.viewer, req.body.action, {
          userAgent: req.headers['user-agent'],
          ip: req.ip,
        }),
      ),
  )

  app.get(
    '/api/app/account/reverify/wechat',
    {
      schema: { ...about('微信确认的进展'), querystring: wechatCodeQuery, response: answer(wechatState) },
      preHandler: requireViewer,
    },
    async (req) => ok(await wechatReverify.poll(req.viewer, req.query.code)),
  )

  // The mini-program's side: what 确认 approves, then the answer with a fresh wx.login code.
  app.get(
    '/api/app/account/reverify/wechat/details',
    {
      schema: {
        ...about('小程序：待确认操作的详情'),
        querystring: wechatCodeQuery,
        response: answer(wechatDetails),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await wechatReverify.details(req.viewer, req.query.code)),
  )

  app.post(
    '/api/app/account/reverify/wechat/answer',
    {
      schema: { ...about('小程序：确认或取消'), body: wechatAnswerBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await wechatReverify.answer(req.viewer, req.body)
      const confirmed = req.body.answer === 'confirm'
      return ok(null, confirmed ? WECHAT_REVERIFY_MSG.confirmed : WECHAT_REVERIFY_MSG.cancelled)
    },
  )
}
