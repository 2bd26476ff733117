// A real SMTP server on loopback (smtp-server) that keeps what arrived, parsed (mailparser): the
// mailbox the mail adapter delivers to in tests. It asks for a login, and refuses mailboxes named
// nobody@… with 550 as a real server refuses an unknown user.
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export const SMTP_USER = 'mailer'
export const SMTP_PASSWORD = 'mail-secret-123'

export async function startSmtpInbox() {
  const inbox: ParsedMail[] = []
  /** Every envelope recipient the server was asked to take (RCPT TO), accepted or not. */
  const recipients: string[] = []
  const waiting = new Set<() => void>()
  const smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      recipients.push(address.address)
      if (address.address.startsWith('nobody@')) {
        const error = new Error('No such user') as Error & { responseCode: number }
        error.responseCode = 550
        return callback(error)
      }
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail)
        for (const wake of waiting) wake()
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo

  /** The first mail (already arrived or arriving later) that passes `test`. */
  async function mailWhere(test: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
    for (;;) {
      const found = inbox.find(test)
      if (found) return found
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake)
          resolve()
        }
        waiting.add(wake)
      })
    }
  }

  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    inbox,
    recipients,
    mailWhere,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/** Whether `mail` was addressed to `address`. */
export const mailTo = (mail: ParsedMail, address: string) =>
  !!mail.to && 'text' in mail.to && mail.to.text === address
