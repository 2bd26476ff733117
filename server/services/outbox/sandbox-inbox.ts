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

  /** The WeChat messages the sandbox "sent" (an openid's, or everyone's), newest first. */
  async function wechatMessages(openid?: string) {
    const rows = await db
      .select()
      .from(sandboxMessages)
      .where(
        openid
          ? and(eq(sandboxMessages.channel, 'wechat'), eq(sandboxMessages.recipient, openid))
          : eq(sandboxMessages.channel, 'wechat'),
      )
      .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
      .limit(50)
    return rows.map((row) => {
      const { app, data } = JSON.parse(row.body) as { app: string; data: Record<string, string> }
      return {
        touser: row.recipient,
        app,
        templateId: row.subject,
        page: row.link,
        data,
        createTime: row.createdAt.toISOString(),
      }
    })
  }

  return { sentTo, wechatMessages }
}

export type SandboxInbox = ReturnType<typeof createSandboxInbox>
