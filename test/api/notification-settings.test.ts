// 消息接收管理: GET / POST /api/notify/settings. Main account only; every key must name a
// person of this account reachable on that channel, the quiet hours two different times; a refused
// save changes nothing; a save is one operation-log entry.
import { and, eq } from 'drizzle-orm'
import { NOTIFY_MESSAGES, type NotificationSettings } from '../../src/core/contract/notifications'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import { notices, notificationPreferences, operateRecords } from '../../server/db/schema'
import { createLoginMethods } from '../../server/services/auth/login-methods'
import { createNotifier } from '../../server/services/notifications/notifier'
import { createOperateLog } from '../../server/services/operate-log/operate-log'
import { createOutbox } from '../../server/services/outbox/outbox'
import { ROLE } from '../../src/core/contract/account'
import { DEMO, testConfig, useTestServer } from './support/harness'
import {
  addRecipient,
  addSubAdmin,
  freshPhone,
  newAccount,
  outboxOf,
  type NotifyAccount,
} from './support/notify-people'

const server = useTestServer()
let who: NotifyAccount
let sub: { id: number; phone: string; mailbox: string }
let subOff: { id: number }
let confirmed: { id: number }
let unconfirmed: { id: number }
let otherSub: { id: number }

beforeAll(async () => {
  who = await newAccount(server, 13975000000)
  sub = await addSubAdmin(server.db, who.accountId, freshPhone(13975100000))
  subOff = await addSubAdmin(server.db, who.accountId, freshPhone(13975100000), { receive: 0 })
  confirmed = await addRecipient(server.db, who.accountId, freshPhone(13975200000))
  unconfirmed = await addRecipient(server.db, who.accountId, freshPhone(13975200000), { sms: 0, email: 0 })
  const other = await newAccount(server, 13975300000)
  otherSub = await addSubAdmin(server.db, other.accountId, freshPhone(13975100000))
}, 120_000)

const URL = '/api/notify/settings'
const read = (token = who.token) => server.get<NotificationSettings>(URL, { token })
const save = (body: unknown, token = who.token) => server.post<NotificationSettings>(URL, body, { token })
const renewal = (audience: object, quietHours: object | null = null) => ({
  categories: [{ category: 'renewal', audience }],
  quietHours,
})
const logEntries = () =>
  server.db
    .select()
    .from(operateRecords)
    .where(
      and(eq(operateRecords.accountId, who.accountId), eq(operateRecords.type, OPERATE_TYPE.notifySettings)),
    )

describe('GET /api/notify/settings', () => {
  it('lists every category with the defaults, the people a cell may name (masked), no quiet hours', async () => {
    const answer = await read()
    expect(answer.code).toBe(200)
    expect(answer.data.categories).toEqual([
      { category: 'security', audience: { inbox: ['owner'], sms: ['owner'], email: ['owner'], wechat: [] } },
      {
        category: 'renewal',
        audience: { inbox: ['owner'], sms: ['owner'], email: ['owner'], wechat: ['owner'] },
      },
      { category: 'workOrder', audience: { inbox: ['owner'], sms: [], email: [], wechat: ['owner'] } },
      { category: 'siteAlert', audience: { inbox: ['owner'], sms: [], email: [], wechat: [] } },
      { category: 'billing', audience: { inbox: ['owner'], sms: [], email: [], wechat: [] } },
      { category: 'service', audience: { inbox: ['owner'], sms: [], email: [], wechat: [] } },
      { category: 'marketing', audience: { inbox: ['owner'], sms: [], email: [], wechat: [] } },
    ])
    const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`
    expect(answer.data.candidates).toEqual([
      {
        key: 'owner',
        name: expect.any(String),
        kind: 'owner',
        phone: masked(who.phone),
        email: 'ow***@example.cn',
      },
      {
        key: `sub:${sub.id}`,
        name: expect.any(String),
        kind: 'subAdmin',
        phone: masked(sub.phone),
        email: 'su***@example.cn',
      },
      {
        key: `rcpt:${confirmed.id}`,
        name: expect.any(String),
        kind: 'recipient',
        phone: expect.stringContaining('****'),
        email: 'rc***@example.cn',
      },
      // Not confirmed: listed, but no channel reaches it yet.
      { key: `rcpt:${unconfirmed.id}`, name: expect.any(String), kind: 'recipient', phone: '', email: '' },
    ])
    // The sub-admin with 接收通知 off is no candidate.
    expect(answer.data.candidates.map((candidate) => candidate.key)).not.toContain(`sub:${subOff.id}`)
    expect(answer.data.quietHours).toBeNull()
  })

  it('is refused to a sub-admin', async () => {
    const subToken = await server.tokenFor(DEMO.subAdmin)
    expect(await read(subToken)).toMatchObject({ code: 403 })
    expect(await save(renewal({ inbox: ['owner'], sms: [], email: [] }), subToken)).toMatchObject({
      code: 403,
    })
  })
})

describe('POST /api/notify/settings', () => {
  it('saves the table and the quiet hours in one go, with one operation-log entry', async () => {
    const body = {
      categories: [
        {
          category: 'renewal',
          audience: {
            inbox: ['owner', `sub:${sub.id}`],
            sms: [`sub:${sub.id}`],
            email: ['owner', `rcpt:${confirmed.id}`],
            wechat: [`sub:${sub.id}`],
          },
        },
        { category: 'security', audience: { inbox: ['owner'], sms: [], email: ['owner'], wechat: [] } },
      ],
      quietHours: { start: '22:00', end: '08:00' },
    }
    const answer = await save(body)
    expect(answer).toMatchObject({ code: 200, message: NOTIFY_MESSAGES.saved })
    expect(answer.data.categories.find((row) => row.category === 'renewal')?.audience).toEqual(
      body.categories[0].audience,
    )
    expect(answer.data.categories.find((row) => row.category === 'security')?.audience).toEqual(
      body.categories[1].audience,
    )
    expect((await read()).data.quietHours).toEqual({ start: '22:00', end: '08:00' })
    expect(await logEntries()).toEqual([
      expect.objectContaining({ content: '修改消息接收设置', status: 0, subAccountId: null }),
    ])
  })

  it('站内信 to the owner stays on in every category; clearing the quiet hours is null', async () => {
    const answer = await save({
      categories: [{ category: 'marketing', audience: { inbox: [], sms: [], email: [] } }],
      quietHours: null,
    })
    expect(answer.code).toBe(200)
    expect(answer.data.categories.find((row) => row.category === 'marketing')?.audience.inbox).toEqual([
      'owner',
    ])
    expect(answer.data.quietHours).toBeNull()
  })

  it.each([
    [
      'an unknown category',
      {
        categories: [{ category: 'weather', audience: { inbox: [], sms: [], email: [] } }],
        quietHours: null,
      },
      NOTIFY_MESSAGES.unknownCategory,
    ],
    [
      'another account’s sub-admin',
      () => renewal({ inbox: ['owner'], sms: [`sub:${otherSub.id}`], email: [] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a sub-admin with 接收通知 off',
      () => renewal({ inbox: ['owner'], sms: [`sub:${subOff.id}`], email: [] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a recipient not confirmed for mail',
      () => renewal({ inbox: ['owner'], sms: [], email: [`rcpt:${unconfirmed.id}`] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a recipient in the inbox',
      () => renewal({ inbox: ['owner', `rcpt:${confirmed.id}`], sms: [], email: [] }),
      NOTIFY_MESSAGES.recipientInbox,
    ],
    [
      '账号安全 without the owner’s 站内信',
      {
        categories: [{ category: 'security', audience: { inbox: [], sms: [], email: [] } }],
        quietHours: null,
      },
      NOTIFY_MESSAGES.securityInbox,
    ],
    [
      'quiet hours that are not a time',
      () => renewal({ inbox: ['owner'], sms: [], email: [] }, { start: '22:00', end: '8点' }),
      NOTIFY_MESSAGES.badTime,
    ],
    [
      'quiet hours that start when they end',
      () => renewal({ inbox: ['owner'], sms: [], email: [] }, { start: '08:00', end: '08:00' }),
      NOTIFY_MESSAGES.sameTime,
    ],
    ['a body that is not the table', { categories: 'renewal' }, '非法参数'],
  ])('refuses %s, changing nothing', async (_name, body, message) => {
    const before = await server.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.accountId, who.accountId))
    const beforeRead = (await read()).data
    const entries = (await logEntries()).length
    const answer = await save(typeof body === 'function' ? body() : body)
    expect(answer).toEqual({ code: 400, message, data: null })
    expect(
      await server.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.accountId, who.accountId)),
    ).toEqual(before)
    expect((await read()).data).toEqual(beforeRead)
    expect(await logEntries()).toHaveLength(entries)
  })

  it('refuses a body over the size limit', async () => {
    const keys = Array.from({ length: 200 }, () => 'x'.repeat(24))
    const categories = Array.from({ length: 20 }, () => ({
      category: 'renewal',
      audience: { inbox: keys, sms: keys, email: keys },
    }))
    const response = await server.app.inject({
      method: 'POST',
      url: URL,
      headers: { token: who.token },
      payload: { categories, quietHours: null },
    })
    expect(response.json()).toMatchObject({ code: expect.any(Number) })
    expect(response.json().code).not.toBe(200)
  })
})

describe('账号安全提醒 follow the 账号安全 row', () => {
  it('reach the owner’s inbox and mailbox as saved, and the sub-admin the change is about', async () => {
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const methods = createLoginMethods(ctx, {
      operateLog: createOperateLog(ctx),
      notifier: createNotifier(ctx, { outbox: createOutbox(ctx, { sms: null, mail: null }) }),
    })
    await methods.securityNotice(
      { accountId: who.accountId, subAccountId: sub.id, role: ROLE.subAdmin },
      '您的账号已绑定新的登录微信',
    )
    const written = await server.db
      .select({ subAccountId: notices.subAccountId, type: notices.type, title: notices.title })
      .from(notices)
      .where(eq(notices.accountId, who.accountId))
    expect(written).toEqual(
      expect.arrayContaining([
        { subAccountId: null, type: 1, title: '账号安全提醒' },
        { subAccountId: sub.id, type: 1, title: '账号安全提醒' },
      ]),
    )
    // Saved above: 账号安全 → mail to the owner, no SMS.
    const rows = await outboxOf(server.db, who.accountId, 'notice')
    expect(rows.map((row) => [row.channel, row.recipient])).toEqual([['email', who.email]])
  })
})
