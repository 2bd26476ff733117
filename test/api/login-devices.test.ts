// 登录设备 and the login history: the session member's own live sessions, signing them out, the
// 20-session cap, every login recorded for 90 days, 上次登录, and the 账号安全提醒 for a login from
// a new device in a new city. Cities come from X-Forwarded-For through a trusted proxy (127.0.0.1).
import crypto from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { hours, minutes } from '../../server/context'
import {
  accounts,
  loginHistory,
  members,
  notices,
  operateRecords,
  outbox,
  sessions,
} from '../../server/db/schema'
import { hashToken } from '../../server/security/tokens'
import { createCheckoutService } from '../../server/services/checkout/checkout'
import { createHousekeeping } from '../../server/services/housekeeping'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import type { LastLogin, LoginDevice, LoginHistoryEntry } from '../../src/core/contract/login-devices'
import type { Page } from '../../src/core/contract/paging'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import { GENERATED_NAME_RESERVED } from '../../src/core/validation/generated-names'
import { DEMO, DEMO_PASSWORD, encrypt, testConfig, useTestServer, type LoginData } from './support/harness'

const server = useTestServer()
let proxied: FastifyInstance

beforeAll(async () => {
  proxied = await server.buildVariant({ trustProxy: ['127.0.0.1'] })
}, 60_000)

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40'
/** Public addresses whose ip2region cities were checked. */
const SHENZHEN = '120.24.78.68'
const BEIJING = '61.135.169.121'
const SHANGHAI = '101.226.4.6'

const DEVICES = '/api/app/account/loginDevices'
const SIGN_OUT = '/api/app/account/loginDevices/signOut'
const SIGN_OUT_OTHERS = '/api/app/account/loginDevices/signOutOthers'
const HISTORY = '/api/app/account/loginHistory'
const LAST_LOGIN = '/api/app/account/lastLogin'
const INFO = '/api/pc/getPersonalInfo'
const REVOKED = { code: 996, message: '登录状态已失效，请重新登录', data: null }

const newDeviceId = () => crypto.randomBytes(16).toString('hex')

interface Client {
  deviceId?: string
  userAgent?: string
  /** The client's address as the trusted proxy forwards it; without one, a local login. */
  from?: string
}

/** A password login from `client`; returns the login's answer. */
async function loginFrom(account: string, client: Client = {}, password = DEMO_PASSWORD) {
  const { uuid, answer } = await server.captcha()
  const response = await proxied.inject({
    method: 'POST',
    url: '/api/app/loginByPassword',
    remoteAddress: '127.0.0.1',
    headers: {
      ...(client.deviceId ? { 'x-device-id': client.deviceId } : {}),
      ...(client.userAgent ? { 'user-agent': client.userAgent } : {}),
      ...(client.from ? { 'x-forwarded-for': client.from } : {}),
    },
    payload: { phone: account, password: encrypt(password), uuId: uuid, verificationCode: answer },
  })
  return response.json() as { code: number; message: string; data: LoginData }
}

async function tokenFrom(account: string, client: Client = {}) {
  const login = await loginFrom(account, client)
  if (login.code !== 200) throw new Error(`login refused: ${login.message}`)
  return login.data.token
}

const sessionIdOf = async (token: string) =>
  (
    await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0].id

const list = async (token: string) => (await server.get<LoginDevice[]>(DEVICES, { token })).data

describe('登录设备: the live sessions of the caller’s member', () => {
  it('lists every live session with its device, city and 本机, and never another member’s', async () => {
    const desktop = await tokenFrom(DEMO.owner, { deviceId: newDeviceId(), userAgent: CHROME_WINDOWS })
    const phone = await tokenFrom(DEMO.owner, { deviceId: newDeviceId(), userAgent: WECHAT_IOS })
    const stranger = await tokenFrom(DEMO.otherOwner, { userAgent: CHROME_WINDOWS })

    const seen = await list(desktop)
    const [desktopId, phoneId, strangerId] = await Promise.all([desktop, phone, stranger].map(sessionIdOf))
    const ids = seen.map((device) => device.id)
    expect(ids).toEqual(expect.arrayContaining([desktopId, phoneId]))
    expect(ids).not.toContain(strangerId)
    expect(seen.find((device) => device.id === desktopId)).toMatchObject({
      device: 'Chrome · Windows',
      city: '局域网',
      ip: '127.0.0.1',
      current: true,
    })
    expect(seen.find((device) => device.id === phoneId)).toMatchObject({
      device: '微信内浏览器 · iOS',
      current: false,
    })
    expect(seen.filter((device) => device.current)).toHaveLength(1)
  })

  it('names the mini-program and an unknown client by fixed names', async () => {
    const token = await tokenFrom(DEMO.owner, { userAgent: 'Mozilla/5.0 miniProgram' })
    const other = await tokenFrom(DEMO.owner, { userAgent: '<script>alert(1)</script>' })
    const seen = await list(token)
    const byId = new Map(seen.map((device) => [device.id, device.device]))
    expect(byId.get(await sessionIdOf(token))).toBe('微信小程序')
    expect(byId.get(await sessionIdOf(other))).toBe('未知设备')
  })

  it('ignores a malformed device id', async () => {
    const token = await tokenFrom(DEMO.owner, { deviceId: 'not-a-device-id' })
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect(row.deviceId).toBe('')
  })

  it('is the sub-admin’s own list for a sub-admin', async () => {
    const subAdmin = await tokenFrom(DEMO.subAdmin)
    const seen = await list(subAdmin)
    expect(seen.length).toBeGreaterThan(0)
    const [member] = await server.db.select().from(members).where(eq(members.phone, DEMO.subAdmin))
    const memberOf = await server.db.select({ id: sessions.id, memberId: sessions.memberId }).from(sessions)
    const owners = new Map(memberOf.map((row) => [row.id, row.memberId]))
    expect(seen.every((device) => owners.get(device.id) === member.id)).toBe(true)
  })
})

describe('退出 one session', () => {
  it('ends the other session: its next call answers 996, and the operation log says so', async () => {
    const mine = await tokenFrom(DEMO.owner, { userAgent: CHROME_WINDOWS })
    const theirs = await tokenFrom(DEMO.owner, { userAgent: WECHAT_IOS })
    expect((await server.get(INFO, { token: theirs })).code).toBe(200)
    const answer = await server.post(SIGN_OUT, { id: await sessionIdOf(theirs) }, { token: mine })
    expect(answer).toEqual({ code: 200, message: '已退出该设备', data: null })
    expect(await server.get(INFO, { token: theirs })).toEqual(REVOKED)
    expect((await server.get(INFO, { token: mine })).code).toBe(200)
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(eq(operateRecords.type, OPERATE_TYPE.signOutDevice))
    expect(entry.content).toContain('微信内浏览器 · iOS')
  })

  it('refuses another member’s session like a missing one, and leaves it alive', async () => {
    const mine = await tokenFrom(DEMO.owner)
    const stranger = await tokenFrom(DEMO.otherOwner)
    const refused = await server.post(SIGN_OUT, { id: await sessionIdOf(stranger) }, { token: mine })
    expect(refused).toEqual({ code: 400, message: '该设备已退出或不存在', data: null })
    expect(await server.post(SIGN_OUT, { id: 999_999 }, { token: mine })).toEqual(refused)
    expect((await server.get(INFO, { token: stranger })).code).toBe(200)
  })

  it('refuses 本机 (退出登录 ends it) and bad input, changing nothing', async () => {
    const mine = await tokenFrom(DEMO.owner)
    const own = await server.post(SIGN_OUT, { id: await sessionIdOf(mine) }, { token: mine })
    expect(own).toMatchObject({ code: 400, message: '本机请使用退出登录' })
    for (const body of [{}, { id: 'abc' }, { id: -1 }]) {
      const refused = await server.post(SIGN_OUT, body, { token: mine })
      expect(refused.code).toBe(400)
      expect(refused.message).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect((await server.get(INFO, { token: mine })).code).toBe(200)
  })

  it('needs a session', async () => {
    expect((await server.post(SIGN_OUT, { id: 1 })).code).toBe(996)
    expect((await server.get(DEVICES)).code).toBe(996)
  })
})

describe('退出其他设备', () => {
  it('needs a fresh session', async () => {
    const mine = await tokenFrom(DEMO.otherOwner)
    const other = await tokenFrom(DEMO.otherOwner)
    server.clock.advance(minutes(11))
    const refused = await server.post(SIGN_OUT_OTHERS, {}, { token: mine })
    expect(refused.code).toBe(REVERIFY_CODE)
    expect((await server.get(INFO, { token: other })).code).toBe(200)
  })

  it('ends every other session of the member, not its own nor another member’s', async () => {
    const others = [await tokenFrom(DEMO.owner), await tokenFrom(DEMO.owner)]
    const stranger = await tokenFrom(DEMO.otherOwner)
    const mine = await tokenFrom(DEMO.owner)
    const answer = await server.post(SIGN_OUT_OTHERS, {}, { token: mine })
    expect(answer).toEqual({ code: 200, message: '已退出其他设备', data: null })
    for (const token of others) expect(await server.get(INFO, { token })).toEqual(REVOKED)
    expect((await server.get(INFO, { token: mine })).code).toBe(200)
    expect((await server.get(INFO, { token: stranger })).code).toBe(200)
    expect((await list(mine)).map((device) => device.current)).toEqual([true])
  })
})

describe('at most 20 live sessions per member', () => {
  it('ends the oldest when the 21st is issued', async () => {
    const tokens: string[] = []
    for (let i = 0; i < 21; i += 1) {
      tokens.push(await tokenFrom(DEMO.otherOwner))
      server.clock.advance(1000)
    }
    expect(await server.get(INFO, { token: tokens[0] })).toEqual(REVOKED)
    expect((await server.get(INFO, { token: tokens[1] })).code).toBe(200)
    expect(await list(tokens[20])).toHaveLength(20)
  })
})

describe('the login history', () => {
  it('records successes and failures, newest first, paged, and only the member’s own', async () => {
    server.clock.advance(hours(1))
    expect((await loginFrom(DEMO.owner, { userAgent: CHROME_WINDOWS }, 'Wrong@12345')).code).toBe(400)
    server.clock.advance(1000)
    const token = await tokenFrom(DEMO.owner, { userAgent: CHROME_WINDOWS })
    const page = (await server.get<Page<LoginHistoryEntry>>(`${HISTORY}?pageNum=1&pageSize=2`, { token }))
      .data
    expect(page.data).toHaveLength(2)
    expect(page.data[0]).toMatchObject({
      success: true,
      method: '密码登录',
      city: '局域网',
      device: 'Chrome · Windows',
    })
    expect(page.data[1]).toMatchObject({ success: false, method: '密码登录' })
    expect(page.total).toBeGreaterThan(2)

    const [owner] = await server.db.select().from(members).where(eq(members.phone, DEMO.owner))
    const stranger = await tokenFrom(DEMO.otherOwner)
    const theirs = (
      await server.get<Page<LoginHistoryEntry>>(`${HISTORY}?pageNum=1&pageSize=100`, { token: stranger })
    ).data.data
    const ownerRows = await server.db
      .select({ id: loginHistory.id })
      .from(loginHistory)
      .where(eq(loginHistory.memberId, owner.id))
    const ownerIds = new Set(ownerRows.map((row) => row.id))
    expect(theirs.some((entry) => ownerIds.has(entry.id))).toBe(false)
  })

  it('refuses a bad page', async () => {
    const token = await tokenFrom(DEMO.owner)
    const refused = await server.get(`${HISTORY}?pageNum=0&pageSize=10`, { token })
    expect(refused.code).toBe(400)
  })

  it('keeps 90 days: housekeeping deletes older logins', async () => {
    const [owner] = await server.db.select().from(members).where(eq(members.phone, DEMO.owner))
    const day = hours(24)
    const old = (n: number) => new Date(server.clock().getTime() - n * day)
    await server.db.insert(loginHistory).values([
      { memberId: owner.id, success: true, method: 'password', city: '九十一天前', createdAt: old(91) },
      { memberId: owner.id, success: true, method: 'password', city: '八十九天前', createdAt: old(89) },
    ])
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    await createHousekeeping(ctx, { checkout: createCheckoutService(ctx) }).purgeExpired()
    const cities = (await server.db.select({ city: loginHistory.city }).from(loginHistory)).map(
      (row) => row.city,
    )
    expect(cities).toContain('八十九天前')
    expect(cities).not.toContain('九十一天前')
  })
})

describe('上次登录', () => {
  it('is the member’s login before the current one', async () => {
    await tokenFrom(DEMO.otherOwner, { userAgent: WECHAT_IOS })
    server.clock.advance(1000)
    const token = await tokenFrom(DEMO.otherOwner, { userAgent: CHROME_WINDOWS })
    const last = (await server.get<LastLogin>(LAST_LOGIN, { token })).data
    expect(last).toMatchObject({ city: '局域网', device: '微信内浏览器 · iOS' })
  })
})

describe('the 账号安全提醒 for a new device in a new city', () => {
  const PHONE = '13900000021'
  let accountId = 0
  const alerts = async () =>
    server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, accountId), like(notices.content, '%新设备登录%')))

  beforeAll(async () => {
    const created = await server.post('/__dev/members', { phone: PHONE, password: DEMO_PASSWORD })
    if (created.code !== 200) throw new Error(created.message)
  })

  it('stays quiet on the first login, a known device elsewhere, and a new device in a known city', async () => {
    const laptop = newDeviceId()
    const first = await loginFrom(PHONE, { deviceId: laptop, userAgent: CHROME_WINDOWS, from: SHENZHEN })
    expect(first.code).toBe(200)
    accountId = first.data.accountId
    await loginFrom(PHONE, { deviceId: laptop, userAgent: CHROME_WINDOWS, from: BEIJING })
    await loginFrom(PHONE, { deviceId: newDeviceId(), userAgent: WECHAT_IOS, from: SHENZHEN })
    expect(await alerts()).toHaveLength(0)
  })

  it('writes one for a new device in a new city: when, city, device, and 不是我 for that session', async () => {
    const login = await loginFrom(PHONE, { deviceId: newDeviceId(), userAgent: WECHAT_IOS, from: SHANGHAI })
    const written = await alerts()
    expect(written).toHaveLength(1)
    expect(written[0]).toMatchObject({ type: 1, title: '账号安全提醒' })
    expect(written[0].content).toContain('上海市')
    expect(written[0].content).toContain('微信内浏览器 · iOS')
    const sessionId = await sessionIdOf(login.data.token)
    expect(written[0].content).toContain(`<a href="/accountManage?notMe=${sessionId}">不是我</a>`)
    // And one SMS to the owner (账号安全's default), by SMS_TEMPLATE_SECURITY.
    const texts = await server.db
      .select({ channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.recipient, PHONE), eq(outbox.template, 'security')))
    expect(texts).toEqual([{ channel: 'sms' }])
  })
})

describe('reserved generated names (mc + phone)', () => {
  const RENAME = '/api/pc/updateMemberAccount'
  const EDIT = '/api/pc/editAccountFullNameAndMemberAccount'

  it.each(['mc13912345678', 'MC13912345678', 'mc13912345678_2'])('refuses renaming to %s', async (name) => {
    const token = await tokenFrom(DEMO.otherOwner)
    const [before] = await server.db
      .select()
      .from(accounts)
      .where(eq(accounts.memberAccount, DEMO.otherAccount))
    expect(await server.post(RENAME, { memberAccount: name }, { token })).toMatchObject({
      code: 400,
      message: GENERATED_NAME_RESERVED,
    })
    const edit = await server.post(EDIT, { memberAccount: name, fullName: '云帆贸易' }, { token })
    expect(edit).toMatchObject({ code: 400, message: GENERATED_NAME_RESERVED })
    const [after] = await server.db.select().from(accounts).where(eq(accounts.id, before.id))
    expect(after.memberAccount).toBe(DEMO.otherAccount)
  })

  it('lets an account keep its own generated name', async () => {
    const created = await server.post('/__dev/members', { phone: '13900000031', password: DEMO_PASSWORD })
    expect(created.code).toBe(200)
    const token = await tokenFrom('13900000031')
    const kept = await server.post(EDIT, { memberAccount: 'mc13900000031', fullName: '新名字' }, { token })
    expect(kept.code).toBe(200)
  })

  it('gives a registration a suffix when its generated name is taken', async () => {
    const phone = '13900000041'
    await server.db
      .update(accounts)
      .set({ memberAccount: `MC${phone}` })
      .where(eq(accounts.memberAccount, DEMO.otherAccount))
    try {
      const created = await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
      expect(created.code).toBe(200)
      const [member] = await server.db.select().from(members).where(eq(members.phone, phone))
      const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))
      expect(account.memberAccount).toBe(`mc${phone}_2`)
    } finally {
      await server.db
        .update(accounts)
        .set({ memberAccount: DEMO.otherAccount })
        .where(eq(accounts.memberAccount, `MC${phone}`))
    }
  })
})
