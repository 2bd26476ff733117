// Where WeChat sends the phone's browser back after its consent page (?code&state; no code when
// refused), and the confirmation form of a QR scene:
// - state `o…`: an in-app login goes on to /login with a one-time code;
// - state `s…`: a QR scene (login, register, bind, change). The scene is looked up before WeChat is
//   asked whose the code is; the callback only identifies the user, then shows what 确认 would
//   approve (在电脑上登录会员中心 / 将此微信绑定到账号 138****0003) with the requesting browser, address and
//   time. Only 确认, posting the page's one-time token, confirms; 取消 ends the scene.
// The sandbox's scan page stands in for WeChat's consent page and sends the browser here too.
// These are pages for a phone: no script, nothing echoed but our texts and escaped values.
import type { FastifyReply } from 'fastify'
import type { OauthCallbackQuery, SceneConfirmForm } from '../../src/core/contract/wechat'
import { formatBeijingTime } from '../../src/core/format/time'
import { Refusal, invalid } from '../services/shared/errors'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import type { Identified } from '../services/wechat/scene-approval'
import { OAUTH_STATE_PREFIX, WECHAT_MESSAGES } from '../services/wechat/wechat'
import { OAUTH_CALLBACK_PATH } from '../services/wechat/wechat-identity'
import { documented, TAG } from './api-tags'
import { refusalEnvelope, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

/** Where the confirmation form posts (a page, outside /api). */
export const SCENE_CONFIRM_PATH = '/wechat/oauth/confirm'

const STYLE = `
  body { margin: 0; font: 16px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1d2129; }
  main { max-width: 420px; margin: 0 auto; padding: 40px 20px; text-align: center; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 16px; color: #4e5969; }
  .action { font-size: 18px; font-weight: 600; color: #1d2129; }
  dl { text-align: left; background: #fff; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
  dt { font-size: 12px; color: #86909c; }
  dd { margin: 0 0 8px; word-break: break-all; }
  .warn { font-size: 14px; color: #c9353f; text-align: left; }
  button { display: block; width: 100%; padding: 12px; font-size: 16px; border-radius: 6px;
    border: 0; margin-bottom: 12px; cursor: pointer; }
  .primary { background: #07c160; color: #fff; }
  .secondary { background: #fff; color: #1d2129; border: 1px solid #c9cdd4; }
  .note { font-size: 12px; color: #86909c; }
`

const about = documented(TAG.wechat)
const callbackQuery = requestOf<OauthCallbackQuery>()(
  object({ code: shortText(256), state: shortText(160), redirect: shortText(512) }),
)
const confirmForm = requestOf<SceneConfirmForm>()(
  object({ token: shortText(128), action: { enum: ['confirm', 'cancel'] } }, ['token', 'action']),
)

/** A page for the phone; a refusal envelope (its input, its rate) before any page. */
const phonePage = {
  200: {
    description: '给手机浏览器的页面（HTML）；输入或频率不被接受时为信封',
    content: { 'text/html': { schema: text }, 'application/json': { schema: refusalEnvelope } },
  },
} as const
const toLogin = {
  302: { type: 'null', description: '微信内网页授权：转到 /login?wxcode=…', headers: { location: text } },
} as const

const page = sandboxPage(STYLE, '会员中心', { forms: true })
const showOnPhone = (reply: FastifyReply, title: string, text: string) =>
  page(reply, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)

export const OAUTH_CALLBACK_TEXT = {
  confirmed: '已确认，请回到电脑端',
  cancelled: '已取消授权',
  failed: '微信授权未完成',
  expired: '二维码已失效',
  sceneCancelled: '已取消',
} as const

const WARNING = {
  login: '确认后，这台电脑将登录你的会员中心账号。如果不是你本人刚刚在电脑上发起的，请点 取消。',
  bind: '确认后，可以用此微信扫码登录该账号。如果该账号不是你本人的，请点 取消。',
} as const

function confirmationPage(reply: FastifyReply, { formToken, approval }: Identified) {
  const title = approval.kind === 'login' ? '微信登录确认' : '微信绑定确认'
  return page(
    reply,
    title,
    `<h1>${title}</h1>
<p>请确认以下操作</p>
<p class="action">${escapeHtml(approval.action)}</p>
<dl>
<dt>请求设备</dt><dd>${escapeHtml(approval.browser)}</dd>
<dt>请求地址</dt><dd>${escapeHtml(approval.ip)}</dd>
<dt>请求时间</dt><dd>${escapeHtml(formatBeijingTime(approval.requestedAt))}</dd>
</dl>
<p class="warn">${WARNING[approval.kind]}</p>
<form method="post" action="${SCENE_CONFIRM_PATH}">
<input type="hidden" name="token" value="${escapeHtml(formToken)}">
<button class="primary" type="submit" name="action" value="confirm">确认</button>
<button class="secondary" type="submit" name="action" value="cancel">取消</button>
</form>`,
  )
}

const expiredPage = (reply: FastifyReply) =>
  showOnPhone(reply, OAUTH_CALLBACK_TEXT.expired, '请在电脑上刷新二维码后重新扫码。')

export function wechatCallbackRoutes(app: TypedApp, { wechat, wechatBinding, wechatIdentity }: Services) {
  app.get(
    OAUTH_CALLBACK_PATH,
    {
      schema: {
        ...about('微信网页授权回调（手机浏览器）'),
        querystring: callbackQuery,
        response: { ...phonePage, ...toLogin },
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
        // Which scene first: an unknown or ended one costs no call to WeChat.
        const isBind = await wechatBinding.isOpenBindScene(scene)
        if (!isBind && !(await wechat.isOpenLoginScene(scene))) return expiredPage(reply)
        const openid = await wechatIdentity.ofOauthCode(code)
        const identified = isBind
          ? await wechatBinding.identifyScene(scene, openid)
          : await wechat.identifyScene(scene, { openid })
        return identified ? confirmationPage(reply, identified) : expiredPage(reply)
      } catch (failure) {
        if (!(failure instanceof Refusal)) throw failure
        return showOnPhone(reply, OAUTH_CALLBACK_TEXT.failed, failure.message)
      }
    },
  )

  // The confirmation form posts application/x-www-form-urlencoded; only this route reads it.
  app.register(async (scope: TypedApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope.post(
      SCENE_CONFIRM_PATH,
      {
        schema: {
          ...about('手机上确认或取消扫码操作（表单）'),
          consumes: ['application/x-www-form-urlencoded'],
          response: phonePage,
          body: confirmForm,
        },
      },
      async (req, reply) => {
        const token = req.body.token.trim()
        const { action } = req.body
        const settled =
          (await wechatBinding.settleBindScene(token, action)) ||
          (await wechat.settleLoginScene(token, action))
        if (!settled) return expiredPage(reply)
        return action === 'confirm'
          ? showOnPhone(reply, OAUTH_CALLBACK_TEXT.confirmed, '请在电脑上继续操作。')
          : showOnPhone(reply, OAUTH_CALLBACK_TEXT.sceneCancelled, '电脑上的二维码已失效，可以关闭此页面。')
      },
    )
  })
}
