// Development sandbox WeChat messages: each send is kept in sandbox_messages (channel 'wechat',
// GET /__dev/wechat/messages) and logged. Never built in production (services/wechat/wechat-messaging.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../context'
import type { Database } from '../../db/client'
import { sandboxMessages } from '../../db/schema'
import { SENT } from '../delivery'
import type { WechatMessageGateway } from './messages'

export function sandboxWechatMessages(
  db: Database,
  now: Clock,
  log: FastifyBaseLogger,
): WechatMessageGateway {
  return {
    async send(message) {
      await db.insert(sandboxMessages).values({
        channel: 'wechat',
        recipient: message.openid,
        subject: message.templateId.slice(0, 128),
        body: JSON.stringify({ app: message.app, data: message.data }),
        link: message.page.slice(0, 256),
        createdAt: now(),
      })
      log.info({ openid: message.openid, templateId: message.templateId }, 'WeChat message (sandbox)')
      return SENT
    },
  }
}
