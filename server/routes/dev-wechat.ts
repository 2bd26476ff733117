// The WeChat sandbox (dev only): the pages a phone would show when scanning a login, bind or
// change QR (standing in for WeChat's consent page, then our real callback and its confirmation),
// when WeChat's in-app browser asks for consent, and when following the official account. Everything echoed into them is escaped; their script runs under a per-response CSP nonce.
import type { FastifyReply } from 'fastify'
import { DEMO } from '../db/demo'
import { ok } from '../http/envelope'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import { OAUTH_STATE_PREFIX } from '../services/wechat/wechat'
import { OAUTH_CALLBACK_PATH } from '../services/wechat/wechat-identity'
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

// Stands in for WeChat's consent page: the browser goes on to our real OAuth callback with a sandbox
// code naming the chosen openid, which identifies the scanner and shows the same confirmation page
// (确认 / 取消) production shows (routes/wechat-callback.ts).
const SCAN_SCRIPT = `
  var data = document.getElementById('data').dataset;
  document.getElementById('authorise').addEventListener('click', function () {
    var openid = document.getElementById('openid').value.trim();
    window.location.assign(data.callback + '?code=' + encodeURIComponent('sandbox:' + openid) +
      '&state=' + encodeURIComponent(data.state));
  });
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

/** The scan page of a login, register, bind or change scene: choose who scans, then 微信授权. */
function scanPage(reply: FastifyReply, code: string, kind: 'login' | 'bind', freshOpenId: string) {
  const data = `<section id="data" data-state="${escapeHtml(`${OAUTH_STATE_PREFIX.scene}${code}`)}"
  data-callback="${OAUTH_CALLBACK_PATH}" data-bound-openid="${escapeHtml(DEMO.ownerOpenId)}" hidden></section>`
  const useBound = `<button id="use-bound" class="secondary" type="button">改用已绑定的微信（${escapeHtml(
    DEMO.ownerOpenId,
  )}）</button>`
  return page(
    reply,
    '微信扫码（沙箱）',
    `${data}
<h1>微信扫码（沙箱）</h1>
<p>代替微信的授权页：选择扫码的微信，授权后进入会员中心的确认页面。</p>
${kind === 'bind' ? openidField(freshOpenId) + useBound : openidField()}
<button id="authorise" class="primary" type="button">微信授权</button>`,
    kind === 'bind' ? BIND_SCAN_SCRIPT : SCAN_SCRIPT,
  )
}

export function devWechatRoutes(app: TypedApp, { wechat, wechatBinding }: Services) {
  app.get(
    '/__dev/wechat/scan',
    { schema: { querystring: object({ code: shortText(128) }) } },
    async (req, reply) => {
      const code = (req.query.code ?? '').trim()
      if (await wechatBinding.isOpenBindScene(code)) {
        return scanPage(reply, code, 'bind', wechatBinding.freshOpenId())
      }
      if (await wechat.isOpenLoginScene(code)) return scanPage(reply, code, 'login', '')
      return page(reply, ...EXPIRED_PAGE)
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
