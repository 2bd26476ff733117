// WeChat's message API as the outside world, for the real client (server/providers/wechat): the
// stable token endpoint (normal mode answers the token in force until it nears expiry; force_refresh
// issues a new one, the old staying valid 5 minutes) and subscribeMessage.send, which refuses what
// WeChat refuses: an unknown or expired token (40001), an unknown template (40037), a field past its
// rule (47003: thing ≤ 20, character_string ≤ 32 of letters, digits and symbols), an openid that is
// not the mini-program's (40003), a page outside the app (41030). A test can make the next sends
// answer a code (43101, 47003, 40001) to see how the server copes.
import type { WechatHttp } from '../../../server/providers/wechat/access-token'

export const FAKE_MINI = { appId: 'wx-mini-app', secret: 'mini-secret-value' }
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

export interface SentMessage {
  touser: string
  template_id: string
  page: string
  data: Record<string, { value: string }>
  miniprogram_state?: string
}

/** One fake WeChat shared by every instance a test builds (as the real one is). */
export function fakeWechatMessages(now: () => Date, openids: () => Set<string>) {
  let tokenSeq = 0
  let current: { token: string; expiresAt: number } | null = null
  const retired = new Map<string, number>()
  const tokenCalls: { force: boolean }[] = []
  const sends: SentMessage[] = []
  const scripted: number[] = []

  function issue(): string {
    tokenSeq += 1
    if (current) retired.set(current.token, now().getTime() + 300_000)
    current = { token: `TOKEN-${tokenSeq}`, expiresAt: now().getTime() + TOKEN_LIFE_S * 1000 }
    return current.token
  }

  const valid = (token: string | null) =>
    token !== null &&
    ((current?.token === token && current.expiresAt > now().getTime()) ||
      (retired.get(token) ?? 0) > now().getTime())

  function fieldError(data: Record<string, { value: string }>): boolean {
    return Object.entries(data).some(([key, { value }]) => {
      if (key.startsWith('thing')) return [...value].length > 20
      if (key.startsWith('character_string')) return value.length > 32 || /[^\x21-\x7e]/.test(value)
      if (key.startsWith('phrase')) return [...value].length > 5
      return false
    })
  }

  const http: WechatHttp = {
    async postJson(url, body) {
      const called = new URL(url)
      if (called.origin !== FAKE_ORIGIN) throw new TypeError('fetch failed')
      if (called.pathname === '/cgi-bin/stable_token') {
        const { appid, secret, grant_type, force_refresh } = body as Record<string, unknown>
        tokenCalls.push({ force: Boolean(force_refresh) })
        if (appid !== FAKE_MINI.appId || secret !== FAKE_MINI.secret)
          return { errcode: 40125, errmsg: 'invalid appsecret' }
        if (grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' }
        const fresh = force_refresh || !current || current.expiresAt - now().getTime() < 300_000
        const token = fresh ? issue() : current!.token
        return { access_token: token, expires_in: Math.round((current!.expiresAt - now().getTime()) / 1000) }
      }
      if (called.pathname === '/cgi-bin/message/subscribe/send') {
        if (!valid(called.searchParams.get('access_token')))
          return { errcode: 40001, errmsg: 'invalid credential' }
        const message = body as SentMessage
        const code = scripted.shift()
        if (code === 40001) {
          // WeChat revoked the token (e.g. a secret reset): only a new one works.
          if (current) current.expiresAt = 0
          retired.clear()
          return { errcode: 40001, errmsg: 'invalid credential' }
        }
        if (code) return { errcode: code, errmsg: 'scripted' }
        if (!Object.values(TEMPLATE_IDS).includes(message.template_id as never))
          return { errcode: 40037, errmsg: 'invalid template_id' }
        if (!openids().has(message.touser)) return { errcode: 40003, errmsg: 'invalid openid' }
        if (!PAGES.test(message.page)) return { errcode: 41030, errmsg: 'invalid page' }
        if (fieldError(message.data)) return { errcode: 47003, errmsg: 'argument invalid! data.thing2.value' }
        sends.push(message)
        return { errcode: 0, errmsg: 'ok', msgid: 1000 + sends.length }
      }
      return { errcode: 404, errmsg: 'unknown api' }
    },
  }

  return {
    http,
    tokenCalls,
    sends,
    /** The next sends answer these codes, in order. */
    answerNext(...codes: number[]) {
      scripted.push(...codes)
    },
  }
}
