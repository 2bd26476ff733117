// Sending a one-time subscription message: the mini-program's through subscribeMessage.send, the
// official account's through bizsend (WeChat's browser, wx-open-subscribe). What WeChat answers
// becomes the outbox's DeliveryResult: 43101 (the member refused, or has no message left) and
// 47003 (a field breaks WeChat's rules) are refused for good, 47003 as our fault to fix; 40001 (the
// token is no longer valid) gets one renewed token and one more try; anything else is tried again.
import type { FastifyBaseLogger } from 'fastify'
import type { WechatApp } from '../../../src/core/contract/wechat-messages'
import type { WechatAppCredentials } from '../../config'
import { errorCode, sentAs, type DeliveryResult } from '../delivery'
import type { AccessTokens, WechatHttp } from './access-token'
import type { MiniprogramState } from '../../config/wechat'

export const WECHAT_ERRCODE = {
  invalidToken: 40001,
  refused: 43101,
  badField: 47003,
  badOpenid: 40003,
} as const

export interface WechatMessage {
  app: WechatApp
  openid: string
  templateId: string
  /** The mini-program page with its query (mini), or the page's web address (official account). */
  page: string
  data: Record<string, string>
}

export interface WechatMessageGateway {
  send(message: WechatMessage): Promise<DeliveryResult>
}

export interface WechatMessagingOptions {
  origin: string
  http: WechatHttp
  tokens: Partial<Record<WechatApp, AccessTokens>>
  /** The mini-program a bizsend message may open instead of a web page. */
  mini: WechatAppCredentials | null
  miniprogramState: MiniprogramState
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

const fields = (data: Record<string, string>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, { value }]))

export function wechatMessaging(options: WechatMessagingOptions): WechatMessageGateway {
  const { origin, http, tokens, miniprogramState, log } = options

  function bodyOf(message: WechatMessage) {
    const base = { touser: message.openid, template_id: message.templateId, data: fields(message.data) }
    if (message.app === 'mini')
      return { ...base, page: message.page, miniprogram_state: miniprogramState, lang: 'zh_CN' }
    return { ...base, page: message.page }
  }

  async function post(message: WechatMessage, token: string): Promise<{ errcode: number; msgid?: unknown }> {
    const path =
      message.app === 'mini' ? '/cgi-bin/message/subscribe/send' : '/cgi-bin/message/subscribe/bizsend'
    const answer = (await http.postJson(
      `${origin}${path}?access_token=${encodeURIComponent(token)}`,
      bodyOf(message),
    )) as {
      errcode?: unknown
      msgid?: unknown
    }
    return { errcode: typeof answer?.errcode === 'number' ? answer.errcode : -1, msgid: answer?.msgid }
  }

  return {
    async send(message) {
      const source = tokens[message.app]
      if (!source) return { outcome: 'refused', reason: 'other', code: 'not configured', misconfigured: true }
      try {
        let token = await source.current()
        let answer = await post(message, token)
        if (answer.errcode === WECHAT_ERRCODE.invalidToken) {
          const renewed = await source.renewAfterInvalid(token)
          if (!renewed) return { outcome: 'retry', code: 'wechat 40001' }
          token = renewed
          answer = await post(message, token)
        }
        const code = `wechat ${answer.errcode}`
        if (answer.errcode === 0) return sentAs(answer.msgid === undefined ? null : String(answer.msgid))
        if (answer.errcode === WECHAT_ERRCODE.refused) return { outcome: 'refused', reason: 'other', code }
        if (answer.errcode === WECHAT_ERRCODE.badOpenid)
          return { outcome: 'refused', reason: 'invalidRecipient', code }
        if (answer.errcode === WECHAT_ERRCODE.badField) {
          log.error(
            { templateId: message.templateId, app: message.app },
            'WeChat refused a field of the template (47003)',
          )
          return { outcome: 'refused', reason: 'other', code, misconfigured: true }
        }
        return { outcome: 'retry', code }
      } catch (error) {
        const name = error instanceof Error ? error.name : 'unknown'
        log.warn({ app: message.app, reason: errorCode(name) }, 'WeChat message not sent')
        return { outcome: 'retry', code: errorCode(name) }
      }
    },
  }
}
