// Dev sandbox: the SMS and e-mail messages with text (activation links) the server "sent".
// Registered next to devRoutes, outside production only.
import { ok } from '../http/envelope'
import { notFound } from '../services/shared/errors'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { object, shortText, type TypedApp } from './schemas'

export function devOutboxRoutes(app: TypedApp, { sandboxInbox }: Services) {
  app.get('/__dev/mail', { schema: { querystring: object({ to: shortText(128) }, ['to']) } }, async (req) => {
    const messages = await sandboxInbox.sentTo(req.query.to)
    if (messages.length === 0) throw notFound('暂无邮件')
    const origin = originOf(req)
    return ok(messages.map((message) => ({ ...message, url: message.link ? origin + message.link : '' })))
  })

  // What the WeChat sandbox "sent": subscription messages, newest first (one openid's with ?openid=).
  app.get(
    '/__dev/wechat/messages',
    { schema: { querystring: object({ openid: shortText(64) }) } },
    async (req) => ok(await sandboxInbox.wechatMessages(req.query.openid?.trim() || undefined)),
  )
}
