// Development sandbox mail: the "mailbox" is the sandbox_messages table (GET /__dev/mail) and the log.
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../context'
import type { Database } from '../../db/client'
import { sandboxMessages } from '../../db/schema'
import { SENT } from '../delivery'
import type { MailGateway, OutgoingMail } from './index'

export function sandboxMail(db: Database, now: Clock, log: FastifyBaseLogger): MailGateway {
  return {
    name: 'sandbox',
    async send(mail: OutgoingMail) {
      await db.insert(sandboxMessages).values({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        link: mail.link ?? '',
        createdAt: now(),
      })
      log.info({ to: mail.to }, `mail to ${mail.to}: ${mail.subject} ${mail.text}`)
      return SENT
    },
  }
}
