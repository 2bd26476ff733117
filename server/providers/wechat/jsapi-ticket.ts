// The official account's JS-SDK: its jsapi_ticket (GET /cgi-bin/ticket/getticket?type=jsapi, fetched
// with the account's access token) and the signature wx.config checks. Like the token, each instance
// caches the ticket until expires_in − 300 s; a 40001 for the token gets one renewed token and one
// more try. The signature is SHA-1 over the four fields in ASCII order (WeChat's JS-SDK appendix 1).
import { createHash } from 'node:crypto'
import { TOKEN_MARGIN_MS, WechatTokenError, type AccessTokens, type WechatHttp } from './access-token'

const INVALID_TOKEN = 40001

export interface JsapiTickets {
  current(): Promise<string>
}

export interface JsapiTicketOptions {
  tokens: AccessTokens
  origin: string
  http: WechatHttp
  now(): Date
}

export function createJsapiTickets({ tokens, origin, http, now }: JsapiTicketOptions): JsapiTickets {
  let cached: { ticket: string; renewAt: number } | null = null
  let inFlight: Promise<string> | null = null

  async function ask(token: string) {
    const url = `${origin}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`
    return (await http.getJson(url)) as { errcode?: unknown; ticket?: unknown; expires_in?: unknown }
  }

  async function fetchTicket(): Promise<string> {
    const token = await tokens.current()
    let answer = await ask(token)
    if (answer.errcode === INVALID_TOKEN) {
      const renewed = await tokens.renewAfterInvalid(token)
      if (!renewed) throw new WechatTokenError(INVALID_TOKEN)
      answer = await ask(renewed)
    }
    if (typeof answer.ticket !== 'string' || typeof answer.expires_in !== 'number')
      throw new WechatTokenError(typeof answer.errcode === 'number' ? answer.errcode : -1)
    cached = { ticket: answer.ticket, renewAt: now().getTime() + answer.expires_in * 1000 - TOKEN_MARGIN_MS }
    return answer.ticket
  }

  return {
    async current() {
      if (cached && now().getTime() < cached.renewAt) return cached.ticket
      inFlight ??= fetchTicket().finally(() => {
        inFlight = null
      })
      return inFlight
    },
  }
}

/** wx.config's signature of `url` (the page's address without its #fragment). */
export function jssdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`
  return createHash('sha1').update(text).digest('hex')
}
