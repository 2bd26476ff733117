// The client of WeChat's servers (outside the sandbox the only source of an openid):
// - sns/jscode2session turns a mini-program wx.login code into {openid, session_key, unionid?};
// - sns/oauth2/access_token turns a web OAuth code (official account) into {openid, access_token, …}.
// Both answer {errcode, errmsg} when they refuse. Only the openid (and unionid) leaves this file:
// session_key and access_token are dropped unread, and the request URL (which carries the app
// secret and the code) is never logged. The HTTP call is injected so tests fake WeChat.
import type { FastifyBaseLogger } from 'fastify'
import type { WechatAppCredentials } from '../../config'
import { Refusal, forbidden, invalid, notConfigured, tooManyRequests, unavailable } from '../shared/errors'

export const WECHAT_API_ORIGIN = 'https://api.weixin.qq.com'
export const WECHAT_TIMEOUT_MS = 5000

/** The services named by notConfigured() when their credentials are missing. */
export const WECHAT_SERVICES = { mini: '微信小程序登录', oauth: '微信授权登录' } as const

export const WECHAT_API_MESSAGES = {
  invalidCode: '微信授权已失效，请重新授权',
  tooFrequent: '微信登录过于频繁，请稍后再试',
  blocked: '该微信账号存在安全风险，已被微信限制登录',
  unavailable: '微信服务暂时不可用，请稍后重试',
} as const

/** WeChat's errcodes with an answer of their own; any other is "unavailable". */
const INVALID_CODE_ERRCODES = [40029, 40163, 41008]
const TOO_FREQUENT_ERRCODE = 45011
const BLOCKED_ERRCODE = 40226

/** What fetch gives us back; a fake implements only this. */
export interface WechatHttpResponse {
  ok: boolean
  status: number
  json(): Promise<unknown>
}

export type WechatFetch = (url: string, init: { signal: AbortSignal }) => Promise<WechatHttpResponse>

export interface WechatIdentity {
  openid: string
  /** Present when the app is linked to a WeChat Open Platform account. */
  unionid?: string
}

export interface WechatApi {
  /** A wx.login code of the mini-program (config.wechatMini). */
  miniProgramIdentity(code: string): Promise<WechatIdentity>
  /** A web OAuth code of the official account (config.wechatOauth). */
  oauthIdentity(code: string): Promise<WechatIdentity>
}

export interface WechatApiOptions {
  mini: WechatAppCredentials | null
  oauth: WechatAppCredentials | null
  fetch?: WechatFetch
  timeoutMs?: number
  log?: Pick<FastifyBaseLogger, 'warn'>
}

const wechatUnavailable = () => unavailable(WECHAT_API_MESSAGES.unavailable)

/** WeChat's refusal as ours: a bad code, throttling, a blocked user, or WeChat being unavailable. */
export function refusalOf(errcode: number): Refusal {
  if (INVALID_CODE_ERRCODES.includes(errcode)) return invalid(WECHAT_API_MESSAGES.invalidCode)
  if (errcode === TOO_FREQUENT_ERRCODE) return tooManyRequests(WECHAT_API_MESSAGES.tooFrequent)
  if (errcode === BLOCKED_ERRCODE) return forbidden(WECHAT_API_MESSAGES.blocked)
  return wechatUnavailable()
}

const IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/

/** The identity in a WeChat answer, or the refusal it carries; null when it is neither. */
export function identityOf(answer: unknown): WechatIdentity | Refusal | null {
  if (!answer || typeof answer !== 'object') return null
  const { errcode, openid, unionid } = answer as Record<string, unknown>
  if (typeof errcode === 'number' && errcode !== 0) return refusalOf(errcode)
  if (typeof openid !== 'string' || !IDENTIFIER.test(openid)) return null
  return typeof unionid === 'string' && IDENTIFIER.test(unionid) ? { openid, unionid } : { openid }
}

const defaultFetch: WechatFetch = (url, init) => fetch(url, init)

export function createWechatApi({
  mini,
  oauth,
  fetch = defaultFetch,
  timeoutMs = WECHAT_TIMEOUT_MS,
  log,
}: WechatApiOptions): WechatApi {
  async function exchange(endpoint: string, query: Record<string, string>): Promise<WechatIdentity> {
    const url = `${WECHAT_API_ORIGIN}${endpoint}?${new URLSearchParams(query)}`
    let answer: unknown
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      if (!response.ok) {
        log?.warn({ endpoint, status: response.status }, 'WeChat answered an HTTP error')
        throw wechatUnavailable()
      }
      answer = await response.json()
    } catch (failure) {
      if (failure instanceof Refusal) throw failure
      // The error names the failure only (timeout, DNS, reset): never the URL with the secret.
      const reason = failure instanceof Error ? failure.name : 'unknown'
      log?.warn({ endpoint, reason }, 'WeChat could not be reached')
      throw wechatUnavailable()
    }
    const identity = identityOf(answer)
    if (identity instanceof Refusal || identity === null) {
      const { errcode, errmsg } = (answer ?? {}) as { errcode?: unknown; errmsg?: unknown }
      log?.warn({ endpoint, errcode, errmsg: String(errmsg ?? '').slice(0, 200) }, 'WeChat refused a code')
      throw identity ?? wechatUnavailable()
    }
    return identity
  }

  return {
    async miniProgramIdentity(code) {
      if (!mini) throw notConfigured(WECHAT_SERVICES.mini)
      return exchange('/sns/jscode2session', {
        appid: mini.appId,
        secret: mini.secret,
        js_code: code,
        grant_type: 'authorization_code',
      })
    },
    async oauthIdentity(code) {
      if (!oauth) throw notConfigured(WECHAT_SERVICES.oauth)
      return exchange('/sns/oauth2/access_token', {
        appid: oauth.appId,
        secret: oauth.secret,
        code,
        grant_type: 'authorization_code',
      })
    },
  }
}
