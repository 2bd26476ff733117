// WeChat bind / change / unbind from the account settings (account-area §2, §4, §7). The spec
// names these calls without paths; they live under /api/wechat beside the WeChat logins.
import { ENVELOPE_CODE } from '../../src/core/contract/envelope'
import type {
  BindPoll,
  BindPollQuery,
  ChangePoll,
  JsCodeRequest,
  SceneCodeQuery,
  UpdateWechatRequest,
  WechatOwner,
} from '../../src/core/contract/wechat'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { WECHAT_BINDING_MESSAGES } from '../services/wechat/wechat-binding'
import { documented, TAG } from './api-tags'
import { answer, flag, nullAnswer, oneOfValues, responseOf, shape, text } from './responses'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'
import { qrScene, sceneRequester, sceneSecretOf } from './wechat'

const ownerFields = { accountId: integer, phone: shortText(32) }
const ownerBody = requestOf<WechatOwner>()(object(ownerFields))
const updateBody = requestOf<UpdateWechatRequest>()(
  object({ ...ownerFields, wxOpenId: shortText(64), code: shortText(64), jsCode: shortText(256) }),
)
const bindPollQuery = requestOf<BindPollQuery>()(object({ userId: shortText(64), code: shortText(64) }))
const jsCodeBody = requestOf<JsCodeRequest>()(object({ code: shortText(256) }))
const changePollQuery = requestOf<SceneCodeQuery>()(object({ code: shortText(64) }))

const about = documented(TAG.wechat)
const bindPoll = responseOf<BindPoll>()(shape({ key: oneOfValues([0, 1, 2]), scanned: flag }))
const changePoll = responseOf<ChangePoll>()({
  anyOf: [
    shape({ status: oneOfValues(['waiting', 'scanned']) }),
    shape({ status: oneOfValues(['confirmed']), wxOpenId: text }),
  ],
})
// The scene polled or exchanged is unknown, ended or another's (services/wechat/wechat-binding.ts).
const sceneRefusals = { 'x-error-codes': [ENVELOPE_CODE.qrExpired] }

export function wechatBindingRoutes(app: TypedApp, { wechatBinding }: Services, guards: Guards) {
  const signedIn = { preHandler: guards.requireViewer }
  // Adding, changing or removing the WeChat someone logs in with needs a fresh session (a login or
  // an SMS re-verification in the last 10 minutes): a stolen session must not add a way in. The
  // QR flows ask before their QR is shown, so the user is not sent to re-verify after scanning.
  const sensitive = { preHandler: guards.requireFreshSession }

  // doc2 §7 lists checkBindWechat under /api/pc; the console's WeChat dialogs call /api/wechat.
  for (const url of ['/api/pc/checkBindWechat', '/api/wechat/checkBindWechat']) {
    app.get(
      url,
      { ...signedIn, schema: { ...about('是否已绑定微信'), response: answer(shape({ bound: flag })) } },
      async (req) => ok(await wechatBinding.status(req.viewer)),
    )
  }

  app.get(
    '/api/wechat/getCodeImg',
    { ...sensitive, schema: { ...about('绑定微信二维码'), response: answer(qrScene) } },
    async (req) => ok(await wechatBinding.openScene(req.viewer, 'bind', originOf(req), sceneRequester(req))),
  )

  app.get(
    '/api/wechat/getBindQrAddress',
    { ...sensitive, schema: { ...about('更换微信二维码'), response: answer(qrScene) } },
    async (req) =>
      ok(await wechatBinding.openScene(req.viewer, 'change', originOf(req), sceneRequester(req))),
  )

  app.get(
    '/api/wechat/isUserBind',
    {
      ...signedIn,
      schema: {
        ...about('轮询绑定微信结果（请求头 X-Scene-Secret）'),
        querystring: bindPollQuery,
        response: answer(bindPoll),
        ...sceneRefusals,
      },
    },
    async (req) => {
      const { userId = '', code = '' } = req.query
      const scene = { code: code.trim(), secret: sceneSecretOf(req) }
      const answer = await wechatBinding.pollBind(req.viewer, userId, scene, req.ip)
      return ok(answer, answer.key === 1 ? WECHAT_BINDING_MESSAGES.bound : undefined)
    },
  )

  app.post(
    '/api/wechat/miniBindWechat',
    {
      ...sensitive,
      schema: {
        ...about('小程序绑定当前微信'),
        body: jsCodeBody,
        response: answer(bindPoll),
      },
    },
    async (req) => {
      const answer = await wechatBinding.bindByLoginCode(req.viewer, req.body.code ?? '', req.ip)
      return ok(answer, answer.key === 1 ? WECHAT_BINDING_MESSAGES.bound : undefined)
    },
  )

  app.get(
    '/api/wechat/getBindInfoByCode',
    {
      ...signedIn,
      schema: {
        ...about('轮询更换微信扫码结果（请求头 X-Scene-Secret）'),
        querystring: changePollQuery,
        response: answer(changePoll),
        ...sceneRefusals,
      },
    },
    async (req) =>
      ok(await wechatBinding.pollChange(req.viewer, (req.query.code ?? '').trim(), sceneSecretOf(req))),
  )

  app.post(
    '/api/wechat/updateWechat',
    {
      ...sensitive,
      schema: {
        ...about('更换绑定的微信'),
        body: updateBody,
        response: nullAnswer,
        ...sceneRefusals,
      },
    },
    async (req) => {
      await wechatBinding.change(req.viewer, req.body, sceneSecretOf(req), req.ip)
      return ok(null, WECHAT_BINDING_MESSAGES.changed)
    },
  )

  app.post(
    '/api/wechat/unBindingWechat',
    { ...sensitive, schema: { ...about('解绑微信'), body: ownerBody, response: nullAnswer } },
    async (req) => {
      await wechatBinding.unbind(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_BINDING_MESSAGES.unbound)
    },
  )
}
