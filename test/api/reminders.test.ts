// Reminders, "Renewal success": a fake clock steps products from 31 days before expiry to
// 8 days after, running the job twice a day on two instances sharing one database (on PostgreSQL,
// each with its own connections); each (product, expiry, threshold) is sent once, to the people the
// account's 消息接收管理 names, on their channels.
import { and, eq, sql } from 'drizzle-orm'
import { EXPIRY_NOTICE_TYPE, RENEWAL_MODE } from '../../src/core/contract/renewal'
import type { AppContext } from '../../server/context'
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client'
import { businesses, notices, notificationSettings, subAccounts } from '../../server/db/schema'
import { createNotifier } from '../../server/services/notifications/notifier'
import { createOutbox } from '../../server/services/outbox/outbox'
import { createReminders, type Reminders } from '../../server/services/renewal/reminders'
import { testConfig, useTestServer } from './support/harness'
import {
  addRecipient,
  addSubAdmin,
  countBy,
  freshPhone,
  newAccount,
  outboxOf,
  type NotifyAccount,
} from './support/notify-people'

jest.setTimeout(180_000)

const DAY = 24 * 3_600_000
/** A moment in Beijing time (UTC+8). */
const beijing = (text: string) => new Date(`${text}+08:00`)
/** The series' products expire at 10:00 Beijing on this day. */
const EXPIRY = beijing('2031-03-15T10:00:00')
/** Another test's expiry, 60 days on per test: no run of one reaches another's products (nor the demo's). */
const apart = (n: number) => new Date(EXPIRY.getTime() + n * 60 * DAY)

// Declared first, so it runs first: the second instance's connections close before the server's
// database is dropped (jest runs a block's afterAll hooks in the order they were declared).
let second: DatabaseHandle | null = null
afterAll(() => second?.close())
const server = useTestServer()
/** The clock both instances read (the reminder job and the notifier's quiet hours). */
let current = new Date(EXPIRY.getTime() - 31 * DAY)

/** One instance of the job: its own notifier and outbox over `db` (delivery is not its concern). */
function instance(db: Database): Reminders {
  const ctx: AppContext = { db, config: testConfig(), now: () => current, log: server.app.log }
  const outbox = createOutbox(ctx, { sms: null, mail: null })
  return createReminders(ctx, { notifier: createNotifier(ctx, { outbox }) })
}

let one: Reminders
let two: Reminders

beforeAll(async () => {
  // On PostgreSQL the second instance opens the database on its own, as another process would.
  if (server.databaseUrl) second = await openDatabase(server.databaseUrl)
  one = instance(server.db)
  two = instance(second?.db ?? server.db)
}, 180_000)

let domains = 0
async function product(
  accountId: number,
  { mode = RENEWAL_MODE.remind as number, expireTime = EXPIRY, productType = 1 } = {},
): Promise<{ id: number; domain: string }> {
  const domain = `remind${domains++}-${accountId}.example.cn`
  const [row] = await server.db
    .insert(businesses)
    .values({
      accountId,
      orderCode: `MCR${accountId}${domains}`,
      skuId: 'site-standard',
      secondDomain: domain,
      productName: '企业官网',
      productVersion: '标准版',
      productType,
      status: 1,
      renewalMode: mode,
      expireTime,
      createdAt: new Date(),
    })
    .returning({ id: businesses.id })
  return { id: row.id, domain }
}

/** The notices about a product (by its domain) to the main account, oldest first. */
function noticesAbout(domain: string, accountId?: number) {
  return server.db
    .select({ type: notices.type, subAccountId: notices.subAccountId, accountId: notices.accountId })
    .from(notices)
    .where(
      and(
        sql`${notices.details}->>'secondDomain' = ${domain}`,
        accountId ? eq(notices.accountId, accountId) : sql`true`,
      ),
    )
    .orderBy(notices.id)
}

/** Both instances at the same moment. */
async function runBoth(at: Date) {
  current = at
  const [a, b] = await Promise.all([one.run(at), two.run(at)])
  return a.sent + b.sent
}

async function saveRenewalAudience(who: NotifyAccount, audience: object, quietHours: object | null = null) {
  const saved = await server.post(
    '/api/notify/settings',
    { categories: [{ category: 'renewal', audience }], quietHours },
    { token: who.token },
  )
  expect(saved).toMatchObject({ code: 200 })
}

describe('the reminder series', () => {
  it('steps 31 days before to 8 after, twice a day on two instances: 13 reminders, only the final one for 到期不续, per the preferences', async () => {
    const who = await newAccount(server, 13970000000)
    const subA = await addSubAdmin(server.db, who.accountId, freshPhone(13971000000))
    const subOff = await addSubAdmin(server.db, who.accountId, freshPhone(13971000000))
    const rcpt = await addRecipient(server.db, who.accountId, freshPhone(13972000000))
    // 续费与到期: SMS to one sub-admin only; mail to the owner and the recipient.
    await saveRenewalAudience(who, {
      inbox: ['owner', `sub:${subA.id}`],
      sms: [`sub:${subA.id}`, `sub:${subOff.id}`],
      email: ['owner', `rcpt:${rcpt.id}`],
    })
    // The second sub-admin switches 接收通知 off after being chosen: it hears nothing any more.
    await server.db.update(subAccounts).set({ isReceiveNotify: 0 }).where(eq(subAccounts.id, subOff.id))
    const manual = await product(who.accountId)
    const lapse = await product(who.accountId, { mode: RENEWAL_MODE.noRenew })

    const firstDay = new Date(EXPIRY.getTime() - 31 * DAY)
    let sent = 0
    for (let day = 0; day <= 39; day += 1) {
      const midnight = beijing(
        `${new Date(firstDay.getTime() + 8 * 3_600_000 + day * DAY).toISOString().slice(0, 10)}T00:00:00`,
      )
      sent += await runBoth(new Date(midnight.getTime() + 1 * 3_600_000))
      sent += await runBoth(new Date(midnight.getTime() + 13 * 3_600_000))
    }

    const site = EXPIRY_NOTICE_TYPE.site
    const ownerNotices = (await noticesAbout(manual.domain)).filter((notice) => notice.subAccountId === null)
    expect(ownerNotices.map((notice) => notice.type)).toEqual([
      site.early, // 30
      site.early, // 15
      site.soon, // 7
      site.soon, // 3
      site.soon, // 1
      site.today,
      ...Array(7).fill(site.grace),
    ])
    // The sub-admin named in the inbox sees the same 13.
    expect(
      (await noticesAbout(manual.domain)).filter((notice) => notice.subAccountId === subA.id),
    ).toHaveLength(13)
    expect((await noticesAbout(lapse.domain)).map((notice) => [notice.type, notice.subAccountId])).toEqual([
      [site.final, null],
      [site.final, subA.id],
    ])
    expect(sent).toBe(14)

    const rows = await outboxOf(server.db, who.accountId, 'expiry')
    expect(countBy(rows, 'sms')).toEqual({ [subA.phone]: 14 })
    expect(countBy(rows, 'email')).toEqual({ [who.email]: 14, [rcpt.mailbox]: 14 })
  })
})

describe('what a run sends', () => {
  it('after downtime only the latest threshold reached, never a burst of old ones', async () => {
    const who = await newAccount(server, 13970000100)
    const expiry = apart(4)
    const { domain } = await product(who.accountId, { expireTime: expiry })
    expect(await runBoth(new Date(expiry.getTime() - 20 * DAY))).toBe(1)
    // Down from 20 days before to 2 days before: 15 and 7 are skipped, 3 is sent.
    expect(await runBoth(new Date(expiry.getTime() - 2 * DAY))).toBe(1)
    expect(await runBoth(new Date(expiry.getTime() - 2 * DAY + 3_600_000))).toBe(0)
    const site = EXPIRY_NOTICE_TYPE.site
    expect((await noticesAbout(domain)).map((notice) => notice.type)).toEqual([site.early, site.soon])
  })

  it('a renewal (a new expiry date) starts a new series', async () => {
    const who = await newAccount(server, 13970000200)
    const expiry = apart(1)
    const { id, domain } = await product(who.accountId, { expireTime: expiry })
    const at = new Date(expiry.getTime() - 15 * DAY)
    expect(await runBoth(at)).toBe(1)
    await server.db
      .update(businesses)
      .set({ expireTime: new Date(expiry.getTime() + 10 * DAY) })
      .where(eq(businesses.id, id))
    // 25 days left on the new date: its 30-day reminder, once.
    expect(await runBoth(new Date(at.getTime() + 3_600_000))).toBe(1)
    expect(await runBoth(new Date(at.getTime() + 2 * 3_600_000))).toBe(0)
    expect(await noticesAbout(domain)).toHaveLength(2)
  })

  it('到期不续 set before the final notice: nothing until 3 days before', async () => {
    const who = await newAccount(server, 13970000250)
    const expiry = apart(2)
    const { domain } = await product(who.accountId, { mode: RENEWAL_MODE.noRenew, expireTime: expiry })
    expect(await runBoth(new Date(expiry.getTime() - 7 * DAY))).toBe(0)
    expect(await runBoth(new Date(expiry.getTime() - 3 * DAY))).toBe(1)
    expect(await noticesAbout(domain)).toHaveLength(1)
  })

  it('a product transferred to another account reminds its new owner only', async () => {
    const from = await newAccount(server, 13970000300)
    const to = await newAccount(server, 13970000400)
    const expiry = apart(3)
    const { id, domain } = await product(from.accountId, { expireTime: expiry })
    const at = new Date(expiry.getTime() - 7 * DAY)
    expect(await runBoth(at)).toBe(1)
    await server.db.update(businesses).set({ accountId: to.accountId }).where(eq(businesses.id, id))
    expect(await runBoth(new Date(at.getTime() + 3_600_000))).toBe(1)
    expect(await runBoth(new Date(expiry.getTime() - 3 * DAY))).toBe(1)
    expect((await noticesAbout(domain, from.accountId)).length).toBe(1)
    expect((await noticesAbout(domain, to.accountId)).length).toBe(2)
    expect(countBy(await outboxOf(server.db, from.accountId, 'expiry'), 'sms')).toEqual({ [from.phone]: 1 })
    expect(countBy(await outboxOf(server.db, to.accountId, 'expiry'), 'sms')).toEqual({ [to.phone]: 2 })
  })

  it('quiet hours hold the SMS until they end (Beijing time); the mail and the notice are not held', async () => {
    const who = await newAccount(server, 13970000500)
    await saveRenewalAudience(
      who,
      { inbox: ['owner'], sms: ['owner'], email: ['owner'] },
      { start: '22:00', end: '08:00' },
    )
    const { domain } = await product(who.accountId, { expireTime: apart(5) })
    // 7 days before expiry at 23:30, and the next morning at 08:00.
    const evening = new Date(apart(5).getTime() - 7 * DAY + 13.5 * 3_600_000)
    const morning = new Date(evening.getTime() + 8.5 * 3_600_000)
    expect(await runBoth(evening)).toBe(1)
    expect(await noticesAbout(domain)).toHaveLength(1)
    const rows = await outboxOf(server.db, who.accountId, 'expiry')
    expect(rows.map((row) => [row.channel, row.nextAttemptAt])).toEqual([
      ['sms', morning],
      ['email', evening],
    ])
  })

  it('账号安全 is never held by the quiet hours', async () => {
    const who = await newAccount(server, 13970000600)
    await server.db
      .insert(notificationSettings)
      .values({ accountId: who.accountId, quietStart: '22:00', quietEnd: '08:00', updatedAt: new Date() })
    current = beijing('2027-03-08T23:30:00')
    const ctx: AppContext = { db: server.db, config: testConfig(), now: () => current, log: server.app.log }
    const notifier = createNotifier(ctx, { outbox: createOutbox(ctx, { sms: null, mail: null }) })
    const sms = { template: 'refund' as const, params: { orderCode: 'MC1', amount: '1.00' } }
    const notice = { type: 1, title: '账号安全提醒', content: '<p>安全</p>' }
    await notifier.send(server.db, { accountId: who.accountId, category: 'security', notice, sms })
    await notifier.send(server.db, { accountId: who.accountId, category: 'billing', notice, sms })
    await server.db.execute(sql`select 1`)
    // Security: the owner's SMS (default) goes now; billing's default names no SMS at all.
    const rows = await outboxOf(server.db, who.accountId, 'refund')
    expect(rows.map((row) => [row.channel, row.recipient, row.nextAttemptAt])).toEqual([
      ['sms', who.phone, current],
    ])
  })

  it('a renewal writes the renewal notice, SMS and mail to the same people', async () => {
    const who = await newAccount(server, 13970000700)
    const mini = await product(who.accountId, { productType: 3 })
    current = new Date(EXPIRY.getTime() - 5 * DAY)
    await server.db.transaction((tx) => one.renewed(tx as unknown as Database, [mini.id]))
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, who.accountId), sql`${notices.details}->>'nodeName' = ${mini.domain}`))
    expect(notice).toMatchObject({ type: EXPIRY_NOTICE_TYPE.miniProgram.renewed, title: '续费成功通知' })
    expect(notice.content).toContain('新的到期时间为 2031-03-15 10:00')
    const rows = await outboxOf(server.db, who.accountId, 'renewed')
    expect(rows.map((row) => [row.channel, row.recipient])).toEqual([
      ['sms', who.phone],
      ['email', who.email],
    ])
  })
})

/** The newest sandbox message to a phone or mailbox, waiting for the dispatcher to deliver it. */
async function delivered(to: string) {
  for (let tries = 0; tries < 50; tries += 1) {
    const answer = await server.get<{ channel: string; subject: string; body: string; url: string }[]>(
      `/__dev/mail?to=${encodeURIComponent(to)}`,
    )
    if (answer.code === 200) return answer.data[0]
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing delivered to ${to}`)
}

describe('the sandbox: POST /__dev/reminders/run', () => {
  it('runs the job as of that day and answers how many it sent; what went out shows at /__dev/mail', async () => {
    const who = await newAccount(server, 13970000800)
    const { domain } = await product(who.accountId, { expireTime: beijing('2027-05-20T10:00:00') })
    expect(await server.post('/__dev/reminders/run', { date: '2027-05-18' })).toMatchObject({
      code: 200,
      data: { sent: expect.any(Number) },
    })
    expect(await noticesAbout(domain)).toHaveLength(1)
    // The app's dispatcher delivers them to the sandbox phone and mailbox.
    const sms = await delivered(who.phone)
    expect(sms.body).toContain(
      `${domain}）剩余 2 天，为避免服务中断，请及时续费：http://localhost:80/renewal`,
    )
    expect(sms.url).toBe('http://localhost:80/renewal')
    const mail = await delivered(who.email)
    expect(mail).toMatchObject({ channel: 'email', subject: '【会员中心】产品即将到期提醒' })
    expect(mail.body).toContain('2027-05-20 10:00')
  })

  it.each(['2027-02-30', 'tomorrow', '', '2027-5-1'])(
    'refuses the date %p with a clear message',
    async (date) => {
      expect(await server.post('/__dev/reminders/run', { date })).toEqual({
        code: 400,
        message: '请输入正确的日期（YYYY-MM-DD）',
        data: null,
      })
    },
  )
})
