// The SMS and e-mail messages with text the server "sends" (sub-admin activation links). Production
// has no SMS or mail gateway: each message is a message_outbox row, which the dev sandbox reads back
// (/__dev/mail, routes/dev-outbox.ts) in place of a phone or a mailbox.
import { desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { messageOutbox } from '../db/schema'

export interface OutboxMessage {
  channel: 'sms' | 'email'
  /** A phone or an e-mail address. */
  recipient: string
  subject: string
  body: string
  /** The site path the message links to; it is a credential (an activation link). */
  link: string
}

export function createMessageOutbox({ db, now, log, config }: AppContext) {
  async function write({ channel, recipient, subject, body, link }: OutboxMessage): Promise<void> {
    await db.insert(messageOutbox).values({ channel, recipient, subject, body, link, createdAt: now() })
    // The link is a credential: only the sandbox, which has no real recipient, prints it.
    if (!config.production) log.info({ channel, recipient, link }, `${channel} to ${recipient}: ${subject}`)
  }

  /** Dev sandbox: the messages sent to a phone or an e-mail address, newest first. */
  async function sentTo(recipient: string) {
    const rows = await db
      .select()
      .from(messageOutbox)
      .where(eq(sql`lower(${messageOutbox.recipient})`, recipient.trim().toLowerCase()))
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
      .limit(20)
    return rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      link: row.link,
      createTime: row.createdAt.toISOString(),
    }))
  }

  return { write, sentTo }
}

export type MessageOutbox = ReturnType<typeof createMessageOutbox>
