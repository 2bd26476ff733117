// Mail over SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
// The Message-ID is the outbox's correlation id, so a retried mail is recognisably the same one.
import nodemailer from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import { errorCode, SENT, type DeliveryResult } from '../delivery'
import type { SmtpSettings } from '../../config/providers'
import type { MailGateway, OutgoingMail } from './index'

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

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1)$/i

/**
 * An smtp:// relay on another machine must switch to TLS (STARTTLS) before the login: the password
 * and the mails' links never cross a network in clear. smtps:// is TLS from the start, and a relay
 * on loopback never leaves the machine.
 */
export function requiresStartTls(url: string): boolean {
  const { secure, host } = parseConnectionUrl(url)
  return !secure && !LOOPBACK.test(host ?? '')
}

/** nodemailer's options for SMTP_URL; requireTLS comes after the URL's own, which cannot turn it off. */
export function smtpTransportOptions(url: string) {
  return {
    ...parseConnectionUrl(url),
    ...(requiresStartTls(url) ? { requireTLS: true } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  }
}

export function smtpMail(settings: SmtpSettings): MailGateway {
  const transport = nodemailer.createTransport(smtpTransportOptions(settings.url))
  const domain = settings.from.replace(/^.*@/, '').replace(/[>\s].*$/, '') || 'localhost'
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({
          from: settings.from,
          // An address object: nodemailer reads it as one mailbox, never as a list to split.
          to: { name: '', address: mail.to },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.correlationId}@${domain}>`,
        })
        return SENT
      } catch (error) {
        return smtpResult(error)
      }
    },
  }
}
