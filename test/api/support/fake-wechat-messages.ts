// WeChat's message API as the outside world, for the real client (server/providers/wechat): the
// stable token endpoint per app (normal mode answers the token in force until it nears expiry;
// force_refresh issues a new one, the old staying valid 5 minutes), the official account's
// jsapi_ticket, and subscribeMessage.send (mini-program) / bizsend (official account), which refuse
// what WeChat refuses: an unknown or expired token (40001), a token of the other app (40001), an
// unknown template (40037), a field past its rule (47003: thing ≤ 20, character_string ≤ 32 of
// letters, digits and symbols), an openid that is not the app's (40003), a page outside the app or
// not a web address (41030). A test can make the next sends answer a code (43101, 47003, 40001).
import type { WechatHttp } from '../../../server/providers/wechat/access-token'

export const FAKE_MINI = { appId: 'wx-mini-app', secret: 'mini-secret-value' }
export const FAKE_OA = { appId: 'wx-oa-app', secret: 'oa-secret-value' }
export const FAKE_ORIGIN = 'https://api.weixin.fake'
export const TEMPLATE_IDS = {
  workOrderReply: 'TPL-REPLY',
  awaitingConfirmation: 'TPL-AWAIT',
  reopened: 'TPL-REOPEN',
  closed: 'TPL-CLOSED',
  expiry: 'TPL-EXPIRY',
} as const

const TOKEN_LIFE_S = 7200
const PAGES = /^(workorders\/pages\/detail\/index\?id=\d+|pages\/renewal\/index)$/
const WEB_PAGES = /^https?:\/\/[^/]+\/(workOrderDetail\?id=\d+|renewal)$/
const APPS = [FAKE_MINI, FAKE_OA]
type AppKey = 'mini' | 'oa'

export interface SentMessage {
  touser: string
  template_id: string
  page: string
  data: Record<string, { value: string }>
  miniprogram_state?: string
}

/** One fake WeChat shared by every instance a test builds (as the real one is). */
export function fakeWechatMessages(
  now: () => Date,
  openids: () => Set<string>,
  oaOpenids = () => new Set<string>(),
) {
  let tokenSeq = 0
  const current: Record<AppKey, { token: string; expiresAt: number } | null> = { mini: null, oa: null }
  const retired = new Map<string, { app: AppKey; until: number }>()
  const tokenCalls: { force: boolean; app: AppKey }[] = []
  const ticketCalls: string[] = []
  const sends: SentMessage[] = []
  const bizsends: SentMessage[] = []
  const scripted: number[] = []

  function issue(app: AppKey): string {
    tokenSeq += 1
    const old = current[app]
    if (old) retired.set(old.token, { app, until: now().getTime() + 300_000 })
    current[app] = { token: `TOKEN-${app}-${tokenSeq}`, expiresAt: now().getTime() + TOKEN_LIFE_S * 1000 }
    return current[app].token
  }

  const valid = (app: AppKey, token: string | null) => {
    if (token === null) return false
    const live = current[app]
    if (live?.token === token && live.expiresAt > now().getTime()) return true
    const old = retired.get(token)
    return old?.app === app && old.until > now().getTime()
  }

  function fieldError(data: Record<string, { value: string }>): boolean {
    return Object.entries(data).some(([key, { value }]) => {
      if (key.startsWith('thing')) return [...value].length > 20
      if (key.startsWith('character_string')) return value.length > 32 || /[^\x21-\x7e]/.test(value)
      if (key.startsWith('phrase')) return [...value].length > 5
      return false
    })
  }

  function stableToken(body: Record<string, unknown>) {
    const { appid, secret, grant_type, force_refresh } = body
    const known = APPS.find((app) => app.appId === appid)
    if (!known || known.secret !== secret) return { errcode: 40125, errmsg: 'invalid appsecret' }
    if (grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' }
    const app: AppKey = known === FAKE_MINI ? 'mini' : 'oa'
    tokenCalls.push({ force: Boolean(force_refresh), app })
    const live = current[app]
    const fresh = force_refresh || !live || live.expiresAt - now().getTime() < 300_000
    const token = fresh ? issue(app) : live.token
    return { access_token: token, expires_in: Math.round((current[app]!.expiresAt - now().getTime()) / 1000) }
  }

  function send(app: AppKey, token: string | null, message: SentMessage) {
    if (!valid(app, token)) return { errcode: 40001, errmsg: 'invalid credential' }
    const code = scripted.shift()
    if (code === 40001) {
      // WeChat revoked the token (e.g. a secret reset): only a new one works.
      const live = current[app]
      if (live) live.expiresAt = 0
      retired.clear()
      return { errcode: 40001, errmsg: 'invalid credential' }
    }
    if (code) return { errcode: code, errmsg: 'scripted' }
    if (!Object.values(TEMPLATE_IDS).includes(message.template_id as never))
      return { errcode: 40037, errmsg: 'invalid template_id' }
    if (!(app === 'mini' ? openids() : oaOpenids()).has(message.touser))
      return { errcode: 40003, errmsg: 'invalid openid' }
    if (!(app === 'mini' ? PAGES : WEB_PAGES).test(message.page))
      return { errcode: 41030, errmsg: 'invalid page' }
    if (fieldError(message.data)) return { errcode: 47003, errmsg: 'argument invalid! data.thing2.value' }
    const sent = app === 'mini' ? sends : bizsends
    sent.push(message)
    return { errcode: 0, errmsg: 'ok', msgid: 1000 + sends.length + bizsends.length }
  }

  const http: WechatHttp = {
    async postJson(url, body) {
      const called = new URL(url)
      if (called.origin !== FAKE_ORIGIN) throw new TypeError('fetch failed')
      const token = called.searchParams.get('access_token')
      if (called.pathname === '/cgi-bin/stable_token') return stableToken(body as Record<string, unknown>)
      if (called.pathname === '/cgi-bin/message/subscribe/send')
        return send('mini', token, body as SentMessage)
      if (called.pathname === '/cgi-bin/message/subscribe/bizsend')
        return send('oa', token, body as SentMessage)
      return { errcode: 404, errmsg: 'unknown api' }
    },
    async getJson(url) {
      const called = new URL(url)
      if (called.origin !== FAKE_ORIGIN) throw new TypeError('fetch failed')
      if (called.pathname !== '/cgi-bin/ticket/getticket') return { errcode: 404, errmsg: 'unknown api' }
      const token = called.searchParams.get('access_token')
      // The jsapi_ticket is the official account's: a mini-program token is refused like a stale one.
      if (!valid('oa', token)) return { errcode: 40001, errmsg: 'invalid credential' }
      if (called.searchParams.get('type') !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' }
      ticketCalls.push(token!)
      return { errcode: 0, errmsg: 'ok', ticket: `TICKET-${ticketCalls.length}`, expires_in: TOKEN_LIFE_S }
    },
  }

  return {
    http,
    tokenCalls,
    ticketCalls,
    sends,
    bizsends,
    /** The next sends answer these codes, in order. */
    answerNext(...codes: number[]) {
      scripted.push(...codes)
    },
  }
}
