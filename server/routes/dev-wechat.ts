// The WeChat sandbox (dev only): the pages a phone would show when scanning a login, bind or
// change QR, when WeChat's in-app browser asks for consent, and when following the official
// account. Everything echoed into them is escaped; their script runs under a per-response CSP nonce.
import type { FastifyReply } from 'fastify'
import { DEMO } from '../db/demo'
import { ok } from '../http/envelope'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import { object, shortText, type TypedApp } from './schemas'

const STYLE = `
  body { margin: 0; font: 16px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1d2129; }
  main { max-width: 420px; margin: 0 auto; padding: 32px 20px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 16px; color: #4e5969; }
  label { display: block; font-size: 14px; margin-bottom: 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 16px;
    border: 1px solid #c9cdd4; border-radius: 6px; margin-bottom: 20px; }
  button { display: block; width: 100%; padding: 12px; font-size: 16px; border-radius: 6px;
    border: 0; margin-bottom: 12px; cursor: pointer; }
  .primary { background: #07c160; color: #fff; }
  .secondary { background: #fff; color: #1d2129; border: 1px solid #c9cdd4; }
  button:disabled { opacity: 0.5; cursor: default; }
  .note { font-size: 12px; color: #86909c; }
  #result { min-height: 24px; font-weight: 600; }
`

const page = sandboxPage(STYLE, '微信沙箱页面，仅用于开发和测试。')

/** Posts a JSON body to the page's own sandbox endpoint; values come from data-* attributes. */
const POST_HELPER = `
  function post(url, body) {
    return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body) }).then(function (r) { return r.json() })
  }
  var data = document.getElementById('data').dataset;
  var result = document.getElementById('result');
  function show(text) { result.textContent = text }
`

const SCAN_SCRIPT = `${POST_HELPER}
  function answer(action) {
    var openid = document.getElementById('openid').value;
    post('/__dev/wechat/scan', { code: data.code, openid: openid, action: action })
      .then(function (res) {
        if (res.code !== 200) return show(res.message);
        show(action === 'confirm' ? '已确认，请回到电脑端' : '已取消');
        document.getElementById('confirm').disabled = true;
        document.getElementById('cancel').disabled = true;
      })
      .catch(function () { show('网络错误，请重试') });
  }
  document.getElementById('confirm').addEventListener('click', function () { answer('confirm') });
  document.getElementById('cancel').addEventListener('click', function () { answer('cancel') });
`

const OAUTH_SCRIPT = `${POST_HELPER}
  document.getElementById('agree').addEventListener('click', function () {
    var openid = document.getElementById('openid').value;
    post('/__dev/wechat/oauth', { state: data.state, redirect: data.redirect, openid: openid })
      .then(function (res) {
        if (res.code !== 200) return show(res.message);
        window.location.assign(res.data.location);
      })
      .catch(function () { show('网络错误，请重试') });
  });
`

function openidField(value: string = DEMO.ownerOpenId): string {
  return `<label for="openid">openid</label>
<input id="openid" name="openid" value="${escapeHtml(value)}" autocomplete="off" maxlength="64">`
}

// Bind and change scenes (account settings): a fresh openid is offered so the bind succeeds; the
// demo owner's (already bound) openid is one tap away, to see the "already bound" answers.
const BIND_SCAN_SCRIPT = `${SCAN_SCRIPT}
  document.getElementById('use-bound').addEventListener('click', function () {
    document.getElementById('openid').value = data.boundOpenid;
  });
`

const EXPIRED_PAGE = ['二维码已失效', '<h1>二维码已失效</h1><p>请在电脑上刷新二维码后重新扫码。</p>'] as const

function bindScanPage(
  reply: FastifyReply,
  code: string,
  scene: { purpose: 'bind' | 'change'; status: string },
  freshOpenId: string,
) {
  if (scene.status === 'consumed' || scene.status === 'cancelled') return page(reply, ...EXPIRED_PAGE)
  const what = scene.purpose === 'bind' ? '绑定' : '更换'
  const settled = scene.status === 'confirmed'
  const disabled = settled ? ' disabled' : ''
  return page(
    reply,
    `微信${what}确认`,
    `<section id="data" data-code="${escapeHtml(code)}" data-bound-openid="${escapeHtml(
      DEMO.ownerOpenId,
    )}" hidden></section>
<h1>会员中心微信${what}确认</h1>
<p>即将把此微信${what}为会员中心账号的登录微信。</p>
${openidField(freshOpenId)}
<button id="use-bound" class="secondary" type="button"${disabled}>改用已绑定的微信（${escapeHtml(
      DEMO.ownerOpenId,
    )}）</button>
<button id="confirm" class="primary" type="button"${disabled}>确认授权</button>
<button id="cancel" class="secondary" type="button"${disabled}>取消</button>
<p id="result" role="status">${settled ? '已确认，请回到电脑端' : ''}</p>`,
    BIND_SCAN_SCRIPT,
  )
}

export function devWechatRoutes(app: TypedApp, { wechat, wechatBinding }: Services) {
  app.get(
    '/__dev/wechat/scan',
    { schema: { querystring: object({ code: shortText(128) }) } },
    async (req, reply) => {
      const code = (req.query.code ?? '').trim()
      const bindScene = await wechatBinding.scanScene(code)
      if (bindScene) return bindScanPage(reply, code, bindScene, wechatBinding.freshOpenId())
      const scene = await wechat.scanScene(code)
      if (!scene || scene.status === 'consumed' || scene.status === 'cancelled') {
        return page(reply, ...EXPIRED_PAGE)
      }
      const what = scene.purpose === 'register' ? '注册' : '登录'
      const settled = scene.status === 'confirmed'
      return page(
        reply,
        `微信${what}确认`,
        `<section id="data" data-code="${escapeHtml(code)}" hidden></section>
<h1>会员中心${what}确认</h1>
<p>即将使用此微信${what}电脑上的会员中心。</p>
${openidField()}
<button id="confirm" class="primary" type="button"${settled ? ' disabled' : ''}>确认登录</button>
<button id="cancel" class="secondary" type="button"${settled ? ' disabled' : ''}>取消</button>
<p id="result" role="status">${settled ? '已确认，请回到电脑端' : ''}</p>`,
        SCAN_SCRIPT,
      )
    },
  )

  app.post(
    '/__dev/wechat/scan',
    {
      schema: {
        body: object(
          { code: shortText(128), openid: shortText(64), action: { enum: ['confirm', 'cancel'] } },
          ['code', 'action'],
        ),
      },
    },
    async (req) => {
      const code = req.body.code.trim()
      const answered = await wechatBinding.answerScene(code, req.body.action, req.body.openid)
      if (!answered) await wechat.answerScene(code, req.body.action, req.body.openid)
      return ok(null)
    },
  )

  app.get(
    '/__dev/wechat/oauth',
    { schema: { querystring: object({ state: shortText(128), redirect: shortText(512) }) } },
    async (req, reply) =>
      page(
        reply,
        '微信授权',
        `<section id="data" data-state="${escapeHtml(req.query.state ?? '')}" data-redirect="${escapeHtml(
          req.query.redirect ?? '',
        )}" hidden></section>
<h1>会员中心申请获得以下权限</h1>
<p>获得你的公开信息（昵称、头像等）</p>
${openidField()}
<button id="agree" class="primary" type="button">同意</button>
<p id="result" role="status"></p>`,
        OAUTH_SCRIPT,
      ),
  )

  app.post(
    '/__dev/wechat/oauth',
    { schema: { body: object({ state: shortText(128), openid: shortText(64), redirect: shortText(512) }) } },
    async (req) =>
      ok(await wechat.grantOauth((req.body.state ?? '').trim(), req.body.openid, req.body.redirect)),
  )

  app.get('/__dev/wechat/official-account', async (_req, reply) =>
    page(reply, '关注公众号', '<h1>已关注公众号（沙箱）</h1><p>关注后可接收会员中心的消息通知。</p>'),
  )
}
