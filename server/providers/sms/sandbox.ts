// Development sandbox SMS: the "phone" is the sandbox_messages table (GET /__dev/sms, /__dev/mail)
// and the server log. Never built in production (providers/index.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../context'
import type { Database } from '../../db/client'
import { sandboxMessages } from '../../db/schema'
import { SENT } from '../delivery'
import type { OutgoingSms, SmsGateway } from './index'

export function sandboxSms(db: Database, now: Clock, log: FastifyBaseLogger): SmsGateway {
  return {
    name: 'sandbox',
    async send(message: OutgoingSms) {
      const code = message.params.code ?? null
      await db.insert(sandboxMessages).values({
        channel: 'sms',
        recipient: message.phone,
        subject: message.template,
        body: message.text,
        link: message.link ?? '',
        code,
        purpose: message.purpose ?? null,
        createdAt: now(),
      })
      // The sandbox has no real phone: its log is where a developer reads the code.
      log.info(
        { phone: message.phone, template: message.template },
        `SMS to ${message.phone}: ${message.text}`,
      )
      return SENT
    },
  }
}
