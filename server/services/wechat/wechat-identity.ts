// Where an openid comes from. Outside the development sandbox (config.production) only WeChat says
// who a code belongs to (services/wechat/wechat-api.ts); the sandbox keeps its stand-in: a code written
// `sandbox:<openid>` is that openid, any other code one fixed openid (the demo and e2e use both).
import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import { invalid, INVALID_PARAMS, notConfigured } from '../shared/errors'
import { QR_TTL_MS } from './qr-scene'
import type { WechatApp } from '../../../src/core/contract/wechat-messages'
import { createWechatApi, WECHAT_SERVICES } from './wechat-api'
import { SANDBOX_APP_ID, type SeenOpenid } from './wechat-ids'

/** What the sandbox's jscode2session answers for any code not written `sandbox:<openid>`. */
export const MINI_SANDBOX_OPENID = 'wx-mini-sandbox'

/** WeChat's page asking the user to authorise the official account (web OAuth). */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'
/** Where WeChat sends the browser back with ?code&state (routes/wechat.ts); outside /api: a page. */
export const OAUTH_CALLBACK_PATH = '/wechat/oauth/callback'

/**
 * The OAuth `state` WeChat hands back to the callback: `o` + a consent request's ticket (in-app
 * login) or `s` + a QR scene's code. Letters and digits only (WeChat's rule).
 */
export const OAUTH_STATE_PREFIX = { login: 'o', scene: 's' } as const

const OPENID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** An openid as typed on a sandbox page: trimmed, letters, digits, _ and -. */
export function checkedOpenId(typed: string | undefined): string {
  const openid = (typed ?? '').trim()
  if (!OPENID_PATTERN.test(openid)) throw invalid(INVALID_PARAMS)
  return openid
}

/** The sandbox's code exchange: `sandbox:<openid>` is that openid, anything else one fixed openid. */
export function sandboxOpenId(code: string): string {
  return code.startsWith('sandbox:') ? checkedOpenId(code.slice('sandbox:'.length)) : MINI_SANDBOX_OPENID
}

function typedCode(code: string | undefined): string {
  const value = (code ?? '').trim()
  if (!value) throw invalid(INVALID_PARAMS)
  return value
}

export function createWechatIdentity({ config, log, wechatApi: injected }: AppContext) {
  const wechatApi = injected ?? createWechatApi({ mini: config.wechatMini, oauth: config.wechatOauth, log })
  /** The openid of a mini-program wx.login code (miniLogin, miniBindWechat, updateWechat). */
  async function ofMiniProgramCode(code: string | undefined): Promise<string> {
    const value = typedCode(code)
    if (!config.production) return sandboxOpenId(value)
    return (await wechatApi.miniProgramIdentity(value)).openid
  }

  /** The openid of a web OAuth code WeChat sent back to OAUTH_CALLBACK_PATH. */
  async function ofOauthCode(code: string | undefined): Promise<string> {
    const value = typedCode(code)
    if (!config.production) return sandboxOpenId(value)
    return (await wechatApi.oauthIdentity(value)).openid
  }

  /**
   * WeChat's consent page for the official account, coming back to the callback with `state`
   * (letters and digits, at most 128: WeChat's rule). Production only; needs WECHAT_OAUTH_* and
   * PUBLIC_ORIGIN (the domain registered with WeChat).
   */
  function authorizeUrl(state: string, returnQuery: Record<string, string> = {}): string {
    const app = config.wechatOauth
    if (!app || !config.publicOrigin) throw notConfigured(WECHAT_SERVICES.oauth)
    const back = new URL(OAUTH_CALLBACK_PATH, config.publicOrigin)
    for (const [key, value] of Object.entries(returnQuery)) back.searchParams.set(key, value)
    const query = new URLSearchParams({
      appid: app.appId,
      redirect_uri: back.toString(),
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    })
    return `${WECHAT_AUTHORIZE_URL}?${query}#wechat_redirect`
  }

  /** Production refuses the WeChat QR and OAuth flows up front when WeChat is not configured. */
  function assertOauthConfigured(): void {
    if (config.production && (!config.wechatOauth || !config.publicOrigin)) {
      throw notConfigured(WECHAT_SERVICES.oauth)
    }
  }

  /**
   * A new QR scene's code and the QR to draw for it (login, bind and change scenes alike): WeChat's
   * consent page coming back with state `s` + code in production (needs WECHAT_OAUTH_*), the sandbox
   * scan page otherwise.
   */
  function sceneQr(origin: string): { code: string; url: string; expiresIn: number } {
    assertOauthConfigured()
    const code = crypto.randomBytes(16).toString('hex')
    const url = config.production
      ? authorizeUrl(`${OAUTH_STATE_PREFIX.scene}${code}`)
      : `${origin}/__dev/wechat/scan?code=${encodeURIComponent(code)}`
    return { code, url, expiresIn: QR_TTL_MS / 1000 }
  }

  /** An openid as member_wechat_ids keeps it: which app (the sandbox's stand-in id without one). */
  function seen(app: WechatApp, openid: string): SeenOpenid {
    const credentials = app === 'mini' ? config.wechatMini : config.wechatOauth
    return { app, appId: credentials?.appId ?? SANDBOX_APP_ID[app], openid }
  }

  return {
    production: config.production,
    seen,
    ofMiniProgramCode,
    ofOauthCode,
    authorizeUrl,
    assertOauthConfigured,
    sceneQr,
  }
}

export type WechatIdentityService = ReturnType<typeof createWechatIdentity>
