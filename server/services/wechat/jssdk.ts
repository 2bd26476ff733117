// wx.config for WeChat's browser: the official account's JS-SDK signature of the page asking, so
// the page can show the wx-open-subscribe tag (the official account's one-time subscription). Only
// the console's own pages are signed; the ticket comes from the official account's access token
// (providers/wechat/jsapi-ticket.ts). The sandbox signs with a ticket of its own.
import crypto from 'node:crypto'
import { JSSDK_MSG, type JssdkConfig } from '../../../src/core/contract/wechat-messages'
import type { AppContext } from '../../context'
import type { AccessTokens } from '../../providers/wechat/access-token'
import { fetchWechatHttp } from '../../providers/wechat/access-token'
import { createJsapiTickets, jssdkSignature } from '../../providers/wechat/jsapi-ticket'
import { invalid, notConfigured, unavailable } from '../shared/errors'
import { SANDBOX_APP_ID } from './wechat-ids'

export const OPEN_TAGS = ['wx-open-subscribe']
export const SANDBOX_JSAPI_TICKET = 'sandbox-jsapi-ticket'

/** The page's address as WeChat signs it (no #fragment), or null when it is not one of `origin`'s. */
export function signedPageUrl(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null
  try {
    // URL's origin drops a default port (http://host:80 is http://host): compare origins alike.
    return new URL(url).origin === new URL(origin).origin ? url.split('#')[0] : null
  } catch {
    return null
  }
}

export function createWechatJssdk(
  ctx: AppContext,
  { oaTokens, live }: { oaTokens?: AccessTokens; live: boolean },
) {
  const { config, now, log } = ctx
  const tickets = oaTokens
    ? createJsapiTickets({
        tokens: oaTokens,
        origin: config.wechatMessaging.apiOrigin,
        http: ctx.wechatHttp ?? fetchWechatHttp,
        now,
      })
    : null

  async function ticket(): Promise<string> {
    if (!live) return SANDBOX_JSAPI_TICKET
    if (!tickets) throw notConfigured('微信公众号')
    try {
      return await tickets.current()
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'WeChat jsapi_ticket not fetched',
      )
      throw unavailable(JSSDK_MSG.unavailable)
    }
  }

  /** wx.config's fields for `url`, a page of the console (`requestOrigin` when no PUBLIC_ORIGIN is set). */
  async function configFor(url: unknown, requestOrigin: string): Promise<JssdkConfig> {
    const page = signedPageUrl(url, config.publicOrigin ?? requestOrigin)
    if (!page) throw invalid(JSSDK_MSG.badUrl)
    const signedWith = await ticket()
    const nonceStr = crypto.randomBytes(12).toString('hex')
    const timestamp = Math.floor(now().getTime() / 1000)
    return {
      appId: config.wechatOauth?.appId ?? SANDBOX_APP_ID.oa,
      timestamp,
      nonceStr,
      signature: jssdkSignature(signedWith, nonceStr, timestamp, page),
      openTagList: OPEN_TAGS,
    }
  }

  return { configFor }
}

export type WechatJssdk = ReturnType<typeof createWechatJssdk>
