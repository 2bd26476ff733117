// Account calls the spec names beside the account settings (account-area §7 "Account"):
// updateAccountPhone (the change of login phone under its other name), updateMemberAccount (the
// main account's login name alone), getInfo (the viewer's profile, as getPersonalInfo) and
// getDeviceInfo (what the caller's User-Agent claims: display only, nothing echoed).
import { eq } from 'drizzle-orm'
import type { PersonalInfo, UpdateMemberAccountRequest } from '../../src/core/contract/account'
import type { DeviceInfo } from '../../src/core/contract/operate-log'
import { minutes } from '../../server/context'
import { accounts, operateRecords } from '../../server/db/schema'
import { REVERIFY_CODE, REVERIFY_REQUIRED } from '../../src/core/contract/fresh-session'
import { RATE_LIMITED } from '../../server/http/rate-limits'
import { DEMO, DEMO_PASSWORD, useTestServer } from './support/harness'

const server = useTestServer()
let nextPhone = 1

// Past the 60 s resend lock and the hourly limits of earlier tests.
beforeEach(() => server.clock.advance(minutes(61)))

const refused = (code: number, message: string) => ({ code, message, data: null })
const STALE = {
  code: REVERIFY_CODE,
  message: REVERIFY_REQUIRED,
  data: { method: 'sms', action: '绑定、修改手机号' },
}

/** A member of its own (main account mc<phone>) and a fresh session. */
async function freshMember(): Promise<{ phone: string; token: string }> {
  const phone = `1330000${String(nextPhone++).padStart(4, '0')}`
  await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
  return { phone, token: await server.tokenFor(phone) }
}

const accountNamed = async (memberAccount: string) =>
  (await server.db.select().from(accounts).where(eq(accounts.memberAccount, memberAccount)))[0]

describe('POST /api/pc/updateAccountPhone (updateBingPhone under the spec’s other name)', () => {
  const URL = '/api/pc/updateAccountPhone'

  async function changeBody(token: string, newPhone: string) {
    const slider = await server.solvedSlider(newPhone)
    const sent = await server.post('/api/pc/sendSmsCode2', { phone: newPhone, ...slider }, { token })
    expect(sent).toEqual({ code: 200, message: '已发送', data: null })
    const captcha = await server.captcha()
    return {
      bindPhone: newPhone,
      code: await server.latestSms(newPhone, 'changePhone'),
      uuId: captcha.uuid,
      verificationCode: captcha.answer,
    }
  }

  it('moves the login to the new phone with the image captcha and the code sent to it', async () => {
    const { phone, token } = await freshMember()
    const newPhone = `1320000${phone.slice(-4)}`
    const body = await changeBody(token, newPhone)
    expect(await server.post(URL, body, { token })).toEqual({ code: 200, message: '修改成功', data: null })
    expect((await server.login(newPhone)).code).toBe(200)
    expect((await server.login(phone)).code).toBe(400)
    const account = await accountNamed(`mc${phone}`)
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(eq(operateRecords.accountId, account.id))
      .orderBy(operateRecords.id)
      .then((rows) => rows.filter((row) => row.type === 2))
    expect(entry).toMatchObject({ type: 2, status: 0 })
  })

  it('refuses as updateBingPhone does: the form, the captcha, a spent code, a taken phone', async () => {
    const { phone, token } = await freshMember()
    expect(
      await server.post(URL, { bindPhone: '', code: '123456', verificationCode: 'ab12' }, { token }),
    ).toEqual(refused(400, '请输入新手机号'))
    const newPhone = `1310000${phone.slice(-4)}`
    const body = await changeBody(token, newPhone)
    expect(await server.post(URL, { ...body, verificationCode: 'zzzz' }, { token })).toEqual(
      refused(400, '图形验证码错误，请重新输入'),
    )
    const captcha = await server.captcha()
    const taken = {
      ...body,
      bindPhone: DEMO.otherOwner,
      uuId: captcha.uuid,
      verificationCode: captcha.answer,
    }
    expect(await server.post(URL, taken, { token })).toEqual(refused(400, '该手机号已绑定其他账号'))
  })

  it('is limited per address, in one count with updateBingPhone', async () => {
    const limited = await server.buildVariant({ anonymousCallsPerMinute: 2 })
    const call = (url: string) =>
      limited.inject({ method: 'POST', url, payload: {}, remoteAddress: '198.18.2.1' }).then((r) => r.json())
    expect((await call(URL)).code).toBe(996)
    expect((await call('/api/pc/updateBingPhone')).code).toBe(996)
    expect(await call(URL)).toEqual(refused(429, RATE_LIMITED))
    expect(await call('/api/pc/updateBingPhone')).toEqual(refused(429, RATE_LIMITED))
  })

  it('needs a fresh, live session', async () => {
    const { token } = await freshMember()
    server.clock.advance(minutes(11))
    const body = { bindPhone: '13900000000', code: '123456', uuId: 'x', verificationCode: 'x' }
    expect(await server.post(URL, body, { token })).toEqual(STALE)
    expect((await server.post(URL, body)).code).toBe(996)
    expect((await server.post(URL, body, { token: 'not-a-token' })).code).toBe(996)
  })
})

describe('POST /api/pc/updateMemberAccount', () => {
  const URL = '/api/pc/updateMemberAccount'
  const update = (
    token: string | undefined,
    body: Partial<Record<keyof UpdateMemberAccountRequest, unknown>>,
  ) => server.post(URL, body, { token })

  it('changes the main account’s login name alone: the account name stays, the new name logs in', async () => {
    const { phone, token } = await freshMember()
    const before = await accountNamed(`mc${phone}`)
    expect(await update(token, { memberAccount: ` login${phone} ` })).toEqual({
      code: 200,
      message: '保存成功',
      data: null,
    })
    const after = await server.db.select().from(accounts).where(eq(accounts.id, before.id))
    expect(after[0]).toMatchObject({ memberAccount: `login${phone}`, accountName: before.accountName })
    expect((await server.login(`LOGIN${phone}`)).code).toBe(200)
    // Its own name again, in another case, is no conflict.
    expect((await update(token, { memberAccount: `Login${phone}` })).code).toBe(200)
  })

  it.each([
    ['', '请输入新的账号'],
    ['12345678', '账号不能为纯数字'],
    ['bad name!', '不能包含特殊字符，且不超过32个字符（中文算2个）'],
    ['a'.repeat(33), '不能包含特殊字符，且不超过32个字符（中文算2个）'],
  ])('refuses %j with %s', async (memberAccount, message) => {
    const { token } = await freshMember()
    expect(await update(token, { memberAccount })).toEqual(refused(400, message))
  })

  it("cannot take another account's login name, in any case", async () => {
    const { phone, token } = await freshMember()
    expect(await update(token, { memberAccount: DEMO.otherAccount.toUpperCase() })).toEqual(
      refused(400, '该账号已存在，请换一个'),
    )
    expect(await accountNamed(`mc${phone}`)).toBeDefined()
    expect(await accountNamed(DEMO.otherAccount)).toBeDefined()
  })

  it('refuses a sub-admin, whose account is the main account’s (account-area §6)', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    expect(await update(token, { memberAccount: 'taken_over' })).toEqual(refused(403, '子管理员不能修改账号'))
    expect(await accountNamed(DEMO.mainAccount)).toBeDefined()
    expect(await accountNamed('taken_over')).toBeUndefined()
  })

  it('needs a live session', async () => {
    expect((await update(undefined, { memberAccount: 'nobody_here' })).code).toBe(996)
    expect((await update('not-a-token', { memberAccount: 'nobody_here' })).code).toBe(996)
  })
})

describe('GET /api/pc/getInfo (getPersonalInfo under the spec’s other name)', () => {
  it('answers each role exactly as getPersonalInfo', async () => {
    for (const phone of [DEMO.owner, DEMO.subAdmin, DEMO.otherOwner]) {
      const token = await server.tokenFor(phone)
      const info = await server.get<PersonalInfo>('/api/pc/getInfo', { token })
      expect(info.code).toBe(200)
      expect(info).toEqual(await server.get('/api/pc/getPersonalInfo', { token }))
      expect(info.data.bindPhone).toBe(phone)
    }
  })

  it('needs a live session', async () => {
    expect((await server.get('/api/pc/getInfo')).code).toBe(996)
    expect((await server.get('/api/pc/getInfo', { token: 'not-a-token' })).code).toBe(996)
  })
})

describe('GET /api/app/account/getDeviceInfo', () => {
  const URL = '/api/app/account/getDeviceInfo'
  let token: string

  beforeEach(async () => {
    token = await server.tokenFor(DEMO.owner)
  })

  const deviceFor = (userAgent: string, ip = '127.0.0.1') =>
    server.get<DeviceInfo>(URL, { token, ip, headers: { 'user-agent': userAgent } })

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      { platform: 'pc', os: 'Windows', browser: 'Chrome' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0',
      { platform: 'pc', os: 'macOS', browser: 'Edge' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      { platform: 'mobile', os: 'iOS', browser: 'Safari' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.42',
      { platform: 'wechat', os: 'Android', browser: 'WeChat' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.42 miniProgram',
      { platform: 'miniProgram', os: 'iOS', browser: 'WeChat' },
    ],
    ['curl/8.0', { platform: 'pc', os: '', browser: '' }],
  ])('reads %s', async (userAgent, expected) => {
    expect(await deviceFor(userAgent)).toEqual({
      code: 200,
      message: '操作成功',
      data: { ip: '127.0.0.1', ...expected },
    })
  })

  it('shows the address as getClientIp does (IPv4-mapped IPv6 as IPv4)', async () => {
    const device = await deviceFor('curl/8.0', '::ffff:203.0.113.9')
    expect(device.data.ip).toBe('203.0.113.9')
    expect(device.data.ip).toBe(
      (await server.get<{ ip: string }>('/api/pc/getClientIp', { token, ip: '::ffff:203.0.113.9' })).data.ip,
    )
  })

  it('echoes nothing the client wrote, and bounds what it reads', async () => {
    const hostile = `<script>alert(1)</script> ${'Android '.repeat(2000)}`
    const device = await deviceFor(hostile)
    expect(device.code).toBe(200)
    expect(JSON.stringify(device)).not.toContain('<script>')
    expect(device.data).toEqual({ ip: '127.0.0.1', platform: 'mobile', os: 'Android', browser: '' })
    // No User-Agent at all.
    const bare = await server.app.inject({ method: 'GET', url: URL, headers: { token } })
    expect(bare.json()).toMatchObject({ code: 200, data: { platform: 'pc', os: '', browser: '' } })
  })

  it('needs a live session', async () => {
    expect((await server.get(URL)).code).toBe(996)
    expect((await server.get(URL, { token: 'not-a-token' })).code).toBe(996)
  })
})
