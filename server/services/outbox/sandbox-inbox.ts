// Dev sandbox: what its phones and mailboxes received (providers/sms/sandbox.ts, mail/sandbox.ts),
// read back by GET /__dev/mail in place of a real inbox: links and notifications, not codes.
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sandboxMessages } from '../../db/schema'

export function createSandboxInbox({ db }: AppContext) {
  /** The messages sent to a phone or an e-mail address, newest first. */
  async function sentTo(recipient: string) {
    const rows = await db
      .select()
      .from(sandboxMessages)
      // Links and notifications (reminders, renewals, refunds): codes are read at /__dev/sms.
      .where(
        and(
          eq(sql`lower(${sandboxMessages.recipient})`, recipient.trim().toLowerCase()),
          isNull(sandboxMessages.code),
        ),
      )
      .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
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

  return { sentTo }
}

export type SandboxInbox = ReturnType<typeof createSandboxInbox>
