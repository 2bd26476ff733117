// The mail seam: the outbox hands an OutgoingMail to whichever MailGateway config chose
// (the development sandbox, or SMTP through nodemailer).
import type { DeliveryResult } from '../delivery'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** The site path the mail links to (the sandbox's mailbox lists it). */
  link?: string
  /** Stays the same on every retry; sent as the Message-ID. */
  correlationId: string
}

export interface MailGateway {
  readonly name: string
  send(mail: OutgoingMail): Promise<DeliveryResult>
}
