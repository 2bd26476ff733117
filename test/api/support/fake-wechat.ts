// WeChat's servers are the outside world: a fake fetch answers jscode2session and
// sns/oauth2/access_token as WeChat documents them (wrong app credentials, a code it did not issue,
// a code used twice are refused), for the real WeChat client (server/services/wechat/wechat-api.ts).
import {
  createWechatApi,
  type WechatFetch,
  type WechatHttpResponse,
} from '../../../server/services/wechat/wechat-api'
import type { TestServer } from './harness'

export const MINI = { appId: 'wx-mini-app', secret: 'mini-secret-value' }
export const OAUTH = { appId: 'wx-oauth-app', secret: 'oauth-secret-value' }
export const SESSION_KEY = 'SESSION-KEY-never-shown'
export const ACCESS_TOKEN = 'ACCESS-TOKEN-never-shown'
export const ORIGIN = 'https://mc.example.cn'

/** WeChat as it answers: codes it issued map to openids, once each; anything else is 40029. */
export function fakeWechat() {
  const codes = new Map<string, string>()
  const calls: URL[] = []
  let outage: 'network' | 'http' | 'garbage' | null = null
  const answer = (body: unknown, status = 200): WechatHttpResponse => ({
    ok: status === 200,
    status,
    json: async () => body,
  })
  const fetch: WechatFetch = async (url) => {
    const called = new URL(url)
    calls.push(called)
    if (outage === 'network') throw new TypeError('fetch failed')
    if (outage === 'http') return answer({}, 502)
    if (outage === 'garbage') return answer({ hello: 'world' })
    const q = called.searchParams
    const app = called.pathname === '/sns/jscode2session' ? MINI : OAUTH
    if (q.get('appid') !== app.appId || q.get('secret') !== app.secret) {
      return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
    }
    if (q.get('grant_type') !== 'authorization_code') return answer({ errcode: 40002, errmsg: 'bad grant' })
    const code = called.pathname === '/sns/jscode2session' ? q.get('js_code') : q.get('code')
    const openid = code ? codes.get(code) : undefined
    if (!openid) return answer({ errcode: 40029, errmsg: 'invalid code, rid: 1' })
    codes.delete(code!)
    return called.pathname === '/sns/jscode2session'
      ? answer({ openid, session_key: SESSION_KEY })
      : answer({ access_token: ACCESS_TOKEN, expires_in: 7200, refresh_token: 'r', openid, scope: 'x' })
  }
  return {
    fetch,
    calls,
    /** WeChat issues `code` to the user `openid`. */
    issue(code: string, openid: string) {
      codes.set(code, openid)
      return code
    },
    down(kind: typeof outage) {
      outage = kind
    },
  }
}

/** A production-mode variant of `server` whose WeChat client talks to `wechat` (mini-program and OAuth set). */
export function productionWithFakeWechat(server: TestServer, wechat: ReturnType<typeof fakeWechat>) {
  const wechatApi = createWechatApi({ mini: MINI, oauth: OAUTH, fetch: wechat.fetch })
  return server.buildVariant(
    { production: true, wechatMini: MINI, wechatOauth: OAUTH, publicOrigin: ORIGIN },
    { wechatApi },
  )
}
