// The WeChat access token of an app (mini-program or official account), from the stable token
// endpoint (POST /cgi-bin/stable_token). In normal mode WeChat hands every caller the same token
// until it nears expiry and keeps the old one valid 5 minutes after a new one is issued, so each
// instance caches its own until expires_in − 300 s and instances need no lock. A forced refresh
// (force_refresh: true) happens only after WeChat answered 40001 for the token in use, and only
// while the shared daily counter allows it (WeChat allows 20 a day).
import type { WechatAppCredentials } from '../../config'

export const TOKEN_MARGIN_MS = 300_000
export const WECHAT_CALL_TIMEOUT_MS = 5_000
/** Forced refreshes a day across all instances; WeChat's own limit is 20. */
export const FORCED_REFRESH_DAILY_LIMIT = 10

export interface WechatHttp {
  /** POSTs JSON to WeChat and returns its JSON answer; throws on a network failure or timeout. */
  postJson(url: string, body: unknown): Promise<unknown>
  /** GETs a WeChat address and returns its JSON answer; throws on a network failure or timeout. */
  getJson(url: string): Promise<unknown>
}

async function wechatJson(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    signal: AbortSignal.timeout(WECHAT_CALL_TIMEOUT_MS),
    redirect: 'error',
  })
  if (!response.ok) return { errcode: -1, errmsg: `http ${response.status}` }
  return response.json()
}

/** fetch with a time limit, answering WeChat's JSON (an HTTP error answers { errcode: -1 }). */
export const fetchWechatHttp: WechatHttp = {
  postJson: (url, body) =>
    wechatJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  getJson: (url) => wechatJson(url, { method: 'GET' }),
}

export class WechatTokenError extends Error {
  constructor(readonly errcode: number) {
    super(`WeChat access token refused (${errcode})`)
    this.name = 'WechatTokenError'
  }
}

export interface AccessTokens {
  /** A valid token of the app (cached). */
  current(): Promise<string>
  /**
   * After WeChat answered 40001 for `stale`: a newer token (another call may have fetched one
   * already), forced only when the day's counter allows; null when it does not.
   */
  renewAfterInvalid(stale: string): Promise<string | null>
  /** Calls made to stable_token by this instance (tests read it). */
  readonly calls: number
}

export interface AccessTokenOptions {
  app: WechatAppCredentials
  origin: string
  http: WechatHttp
  now(): Date
  /** Counts a forced refresh for the day across instances; false when the day's limit is reached. */
  allowForcedRefresh(appId: string): Promise<boolean>
}

export function createAccessTokens({
  app,
  origin,
  http,
  now,
  allowForcedRefresh,
}: AccessTokenOptions): AccessTokens {
  let cached: { token: string; renewAt: number } | null = null
  let inFlight: Promise<string> | null = null
  let calls = 0

  async function fetchToken(force: boolean): Promise<string> {
    calls += 1
    const answer = (await http.postJson(`${origin}/cgi-bin/stable_token`, {
      grant_type: 'client_credential',
      appid: app.appId,
      secret: app.secret,
      force_refresh: force,
    })) as { access_token?: unknown; expires_in?: unknown; errcode?: unknown }
    if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number')
      throw new WechatTokenError(typeof answer.errcode === 'number' ? answer.errcode : -1)
    cached = {
      token: answer.access_token,
      renewAt: now().getTime() + answer.expires_in * 1000 - TOKEN_MARGIN_MS,
    }
    return answer.access_token
  }

  /** One fetch at a time per instance: concurrent callers share it. */
  function fetchOnce(force: boolean): Promise<string> {
    inFlight ??= fetchToken(force).finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return {
    async current() {
      if (cached && now().getTime() < cached.renewAt) return cached.token
      return fetchOnce(false)
    },
    async renewAfterInvalid(stale) {
      if (cached && cached.token !== stale) return cached.token
      if (!(await allowForcedRefresh(app.appId))) return null
      cached = null
      return fetchOnce(true)
    },
    get calls() {
      return calls
    },
  }
}
