// WeChat logins (doc2 §2 Login, §4, §7): desktop QR scenes, in-app OAuth and WeChat's OAuth
// callback, the mini-program, binding a phone, and the official-account follow page.
import type { FastifyRequest } from 'fastify'
import type { PhoneCodeRequest } from '../../src/core/contract/auth'
import { ENVELOPE_CODE } from '../../src/core/contract/envelope'
import type {
  JsCodeRequest,
  MiniBindPhoneRequest,
  MiniLoginAnswer,
  OauthLoginRequest,
  OauthUrlAnswer,
  OauthUrlQuery,
  QrPoll,
  QrScene,
  QrSceneQuery,
  ScanCodeAnswer,
  ScanCodeAnswerRequest,
  SceneCodeQuery,
  WechatLoginResult,
} from '../../src/core/contract/wechat'
import type { Guards } from '../http/auth'
import { LOGIN_OK, OK_MESSAGE, ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { SCENE_SECRET_HEADER } from '../services/wechat/scene-approval'
import { WECHAT_MESSAGES } from '../services/wechat/wechat'
import { documented, TAG } from './api-tags'
import { answer, dateTime, flag, int, nullAnswer, oneOfValues, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'
import { loginResult } from './session-answers'
import { wechatCallbackRoutes } from './wechat-callback'

const purposeQuery = requestOf<QrSceneQuery>()(object({ purpose: shortText(16) }))
const codeQuery = requestOf<SceneCodeQuery>()(object({ code: shortText(128) }))
const jsCodeBody = requestOf<JsCodeRequest>()(object({ code: shortText(256) }))
const scanAnswerBody = requestOf<ScanCodeAnswerRequest>()(
  object({ code: shortText(256), confirmToken: shortText(128), action: { enum: ['confirm', 'cancel'] } }, [
    'confirmToken',
    'action',
  ]),
)
const oauthUrlQuery = requestOf<OauthUrlQuery>()(object({ redirect: shortText(512) }))
const oauthLoginBody = requestOf<OauthLoginRequest>()(object({ code: shortText(256), nonce: shortText(64) }))
const miniBindBody = requestOf<MiniBindPhoneRequest>()(
  object({ bindTicket: shortText(128), phone: shortText(32), code: shortText(32) }),
)
const bindPhoneBody = requestOf<PhoneCodeRequest>()(object({ phone: shortText(32), code: shortText(32) }))

const about = documented(TAG.wechat)

export const qrScene = responseOf<QrScene>()(shape({ code: text, url: text, expiresIn: int, secret: text }))
const wechatLoginFields = { ...loginResult.properties, needBindPhone: flag, isNewMember: flag }
const wechatLogin = responseOf<WechatLoginResult>()(shape(wechatLoginFields, ['cancellation']))
const qrPoll = responseOf<QrPoll>()({
  anyOf: [
    shape({ status: oneOfValues(['waiting', 'scanned']) }),
    shape({ status: oneOfValues(['confirmed']), ...wechatLoginFields }, ['cancellation']),
  ],
})
// A new openid gets a ticket to bind a phone with instead of a session.
const miniLoginAnswer = responseOf<MiniLoginAnswer>()({
  anyOf: [shape({ needBindPhone: { const: true }, bindTicket: text }), wechatLogin],
})
const scanCodeAnswer = responseOf<ScanCodeAnswer>()(
  shape({ action: text, browser: text, ip: text, requestedAt: dateTime, confirmToken: text }),
)
const oauthUrlAnswer = responseOf<OauthUrlAnswer>()(shape({ url: text, nonce: text }))
// Refusals the login page acts on beyond the generic ones (services/wechat/wechat.ts).
const QR_REFUSALS = [ENVELOPE_CODE.qrExpired]
const LOGIN_REFUSALS = [ENVELOPE_CODE.wechatNotRegistered]

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
    app.get(
      url,
      {
        schema: {
          ...about('微信扫码登录 / 注册二维码'),
          querystring: purposeQuery,
          response: answer(qrScene),
        },
      },
      async (req) => ok(await wechat.createScene(req.query.purpose, originOf(req), sceneRequester(req))),
    )
  }

  for (const url of ['/api/wechat/getTokenByCode', '/api/wechat/getTokenByCode/']) {
    const schema = {
      ...about('轮询扫码登录结果（请求头 X-Scene-Secret）'),
      querystring: codeQuery,
      response: answer(qrPoll),
      'x-error-codes': [...QR_REFUSALS, ...LOGIN_REFUSALS],
    }
    app.get(url, { schema }, async (req) => {
      const answer = await wechat.poll((req.query.code ?? '').trim(), sceneSecretOf(req), req.ip)
      return ok(answer, answer.status === 'confirmed' ? LOGIN_OK : OK_MESSAGE)
    })
  }

  // The mini-program's 扫码登录: GET identifies the session as the scanner and says what 确认 would
  // approve; only POST with that answer's confirmToken and action confirm (or cancel) the scene.
  app.get(
    '/api/app/scanCode',
    {
      schema: {
        ...about('小程序扫码：待确认的电脑登录'),
        querystring: codeQuery,
        response: answer(scanCodeAnswer),
        'x-error-codes': QR_REFUSALS,
      },
      preHandler: guards.requireViewer,
    },
    async (req) => ok(await wechat.scanCode(req.viewer, (req.query.code ?? '').trim())),
  )
  app.post(
    '/api/app/scanCode',
    {
      schema: {
        ...about('小程序扫码：确认或取消电脑登录'),
        body: scanAnswerBody,
        response: nullAnswer,
        'x-error-codes': QR_REFUSALS,
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
    {
      schema: {
        ...about('微信内网页授权地址'),
        querystring: oauthUrlQuery,
        response: answer(oauthUrlAnswer),
      },
    },
    async (req) => ok(await wechat.oauthUrl(req.query.redirect, originOf(req))),
  )

  app.post(
    '/api/wechat/oauthLogin',
    {
      schema: {
        ...about('微信内网页授权登录'),
        body: oauthLoginBody,
        response: answer(wechatLogin),
        'x-error-codes': LOGIN_REFUSALS,
      },
    },
    async (req) =>
      ok(
        await wechat.oauthLogin((req.body.code ?? '').trim(), (req.body.nonce ?? '').trim(), req.ip),
        LOGIN_OK,
      ),
  )

  app.post(
    '/api/wechat/miniLogin',
    { schema: { ...about('小程序登录'), body: jsCodeBody, response: answer(miniLoginAnswer) } },
    async (req) => {
      const answer = await wechat.miniLogin(req.body.code ?? '', req.ip)
      return ok(answer, 'token' in answer ? LOGIN_OK : OK_MESSAGE)
    },
  )

  app.post(
    '/api/wechat/miniBindPhone',
    {
      schema: { ...about('小程序新用户绑定手机号并登录'), body: miniBindBody, response: answer(wechatLogin) },
    },
    async (req) => ok(await wechat.miniBindPhone(req.body, req.ip), LOGIN_OK),
  )

  // A first phone is a new way to log in: like a first WeChat it needs a fresh session.
  app.post(
    '/api/wechat/bindPhone',
    {
      schema: { ...about('微信账号绑定手机号'), body: bindPhoneBody, response: nullAnswer },
      preHandler: guards.requireFreshSession,
    },
    async (req) => {
      await wechat.bindPhone(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_MESSAGES.bound)
    },
  )

  app.get(
    '/api/wechat/officialAccountQr',
    { schema: { ...about('公众号关注页地址'), response: answer(shape({ url: text })) } },
    async (req) => ok(wechat.officialAccountQr(originOf(req))),
  )

  wechatCallbackRoutes(app, services)
}
