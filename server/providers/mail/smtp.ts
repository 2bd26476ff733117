// Mail over SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
// The Message-ID is the outbox's idempotency key, so a retried mail is recognisably the same one.
import nodemailer from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import { errorCode, SENT, type DeliveryResult } from '../delivery'
import type { MailGateway, OutgoingMail } from './index'

export interface SmtpSettings {
  url: string
  from: string
}

/**
 * A 5xx answer to the envelope or the message (no such mailbox, refused content) is final; anything
 * else, our own login refused included (a corrected configuration sends it), may pass another time.
 */
export function smtpResult(error: unknown): DeliveryResult {
  const { responseCode, code, command } = (error ?? {}) as {
    responseCode?: number
    code?: string
    command?: string
  }
  if (responseCode && responseCode >= 500 && /^(MAIL|RCPT|DATA)/i.test(command ?? '')) {
    const reason = responseCode === 550 || responseCode === 553 ? 'invalidRecipient' : 'other'
    return { outcome: 'refused', reason, code: `smtp ${responseCode}` }
  }
  return { outcome: 'retry', code: errorCode(responseCode ? `smtp ${responseCode}` : code) }
}

export function smtpMail(settings: SmtpSettings): MailGateway {
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(settings.url),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  const domain = settings.from.replace(/^.*@/, '').replace(/[>\s].*$/, '') || 'localhost'
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.idempotencyKey}@${domain}>`,
        })
        return SENT
      } catch (error) {
        return smtpResult(error)
      }
    },
  }
}
