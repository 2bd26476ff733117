// People for the 消息接收管理 and reminder tests: a fresh main account with a mailbox, sub-admins
// (activated, with or without 接收通知) and hand-added recipients, written straight to the database.
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../../server/db/client'
import { members, outbox, recipients, subAccounts } from '../../../server/db/schema'
import type { TestServer } from './harness'

let next = 0
/** A phone no other test file uses (1397xxxxxxx). */
export const freshPhone = (base: number) => String(base + next++)

export interface NotifyAccount {
  accountId: number
  memberId: number
  token: string
  phone: string
  email: string
}

export async function newAccount(server: TestServer, base: number): Promise<NotifyAccount> {
  const phone = freshPhone(base)
  const created = await server.post<{ memberId: number }>('/__dev/members', { phone, password: 'Demo@12345' })
  if (created.code !== 200) throw new Error(created.message)
  const email = `owner${phone}@example.cn`
  await server.db.update(members).set({ email }).where(eq(members.id, created.data.memberId))
  const login = await server.login(phone, 'Demo@12345')
  if (login.code !== 200) throw new Error(login.message)
  return {
    accountId: login.data.accountId,
    memberId: created.data.memberId,
    token: login.data.token,
    phone,
    email,
  }
}

export async function addSubAdmin(
  db: Database,
  accountId: number,
  phone: string,
  { receive = 1, active = 1 } = {},
): Promise<{ id: number; phone: string; mailbox: string }> {
  const mailbox = `sub${phone}@example.cn`
  const [row] = await db
    .insert(subAccounts)
    .values({
      accountId,
      fullName: `子管理员${phone.slice(-4)}`,
      phoneNumber: phone,
      mailbox,
      activeState: active,
      isReceiveNotify: receive,
      createdAt: new Date(),
    })
    .returning({ id: subAccounts.id })
  return { id: row.id, phone, mailbox }
}

export async function addRecipient(
  db: Database,
  accountId: number,
  phone: string,
  { sms = 1, email = 1 } = {},
): Promise<{ id: number; phone: string; mailbox: string }> {
  const mailbox = `rcpt${phone}@example.cn`
  const [row] = await db
    .insert(recipients)
    .values({
      accountId,
      fullName: `接收人${phone.slice(-4)}`,
      mailbox,
      phone,
      position: '2',
      smsValidated: sms,
      emailValidated: email,
      createdAt: new Date(),
    })
    .returning({ id: recipients.id })
  return { id: row.id, phone, mailbox }
}

/** The outbox rows of an account: channel, recipient and template, with when each may first go. */
export function outboxOf(db: Database, accountId: number, template?: string) {
  return db
    .select({
      channel: outbox.channel,
      recipient: outbox.recipient,
      template: outbox.template,
      nextAttemptAt: outbox.nextAttemptAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(and(eq(outbox.accountId, accountId), template ? eq(outbox.template, template) : sql`true`))
    .orderBy(outbox.id)
}

/** How many rows went to each recipient on a channel. */
export function countBy(rows: { channel: string; recipient: string }[], channel: string) {
  const counts: Record<string, number> = {}
  for (const row of rows)
    if (row.channel === channel) counts[row.recipient] = (counts[row.recipient] ?? 0) + 1
  return counts
}
