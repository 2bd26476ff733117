// The bound phone under /api/pc (doc2 §7 "Under /api/pc: checkBindPhone"; account-area §7
// "checkBindPhone", "bindPhone (phone, code, password)"): whether the viewer has a phone, and binding
// a first phone — with, optionally, a first password — proven by a bindPhone SMS code from a fresh
// session. Another member's phone is never taken, and the code is not spent by a refused password.
import { desc, eq } from 'drizzle-orm'
import type { PcBindPhoneRequest, PhoneBindingStatus } from '../../src/core/contract/account'
import { minutes } from '../../server/context'
import { members, notices, operateRecords } from '../../server/db/schema'
import { RATE_LIMITED } from '../../server/http/rate-limits'
import { PHONE_BINDING_MESSAGES } from '../../server/services/account/phone-binding'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer } from './support/harness'
import { scanAndAnswer } from './support/wechat-phone'
import { freshIp } from './support/addresses'

const server = useTestServer()

// Past the 60 s resend lock and the hourly SMS limits of earlier tests.
beforeEach(() => server.clock.advance(minutes(61)))

const BIND = '/api/pc/bindPhone'
const CHECK = '/api/pc/checkBindPhone'
const NEW_PASSWORD = 'First#2026'
const refused = (code: number, message: string) => ({ code, message, data: null })
const BOUND = { code: 200, message: '绑定成功', data: null }

let nextOpenId = 1
let nextPhone = 1
const newPhone = () => `1350000${String(nextPhone++).padStart(4, '0')}`

/** A member registered by a WeChat QR: no phone, no password; its fresh session and ids. */
async function wechatMember() {
  const openid = `wx-pc-bind-${nextOpenId++}`
  const scene = await server.get<{ code: string; secret: string }>(
    '/api/wechat/getQrAddress?purpose=register',
  )
  await scanAndAnswer(server.app, scene.data.code, openid, 'confirm')
  const login = await server.get<{ token: string; accountId: number }>(
    `/api/wechat/getTokenByCode?code=${scene.data.code}`,
    { ip: freshIp(), headers: { 'x-scene-secret': scene.data.secret } },
  )
  if (login.code !== 200) throw new Error(login.message)
  const [member] = await server.db.select().from(members).where(eq(members.wxOpenId, openid))
  return { token: login.data.token, accountId: login.data.accountId, memberId: member.id }
}

/** A bindPhone code sent to `phone` (through /api/app/account/sendSmsCode, after its slider). */
async function bindCode(phone: string): Promise<string> {
  const sent = await server.sendSms(phone, 'bindPhone', {
    url: '/api/app/account/sendSmsCode',
    ip: freshIp(),
  })
  if (sent.code !== 200) throw new Error(sent.message)
  return (await server.latestSms(phone, 'bindPhone')) ?? ''
}

const bind = (token: string, body: Partial<Record<keyof PcBindPhoneRequest, unknown>>) =>
  server.post(BIND, body, { token })

const memberOf = async (memberId: number) =>
  (await server.db.select().from(members).where(eq(members.id, memberId)))[0]

const logOf = (accountId: number) =>
  server.db
    .select()
    .from(operateRecords)
    .where(eq(operateRecords.accountId, accountId))
    .orderBy(desc(operateRecords.id))

describe('GET /api/pc/checkBindPhone', () => {
  it("answers whether the viewer's own member has a phone, for either role", async () => {
    const owner = await server.tokenFor(DEMO.owner)
    const subAdmin = await server.tokenFor(DEMO.subAdmin)
    const fresh = await wechatMember()
    expect(await server.get<PhoneBindingStatus>(CHECK, { token: owner })).toEqual({
      code: 200,
      message: '操作成功',
      data: { bound: true },
    })
    expect((await server.get<PhoneBindingStatus>(CHECK, { token: subAdmin })).data).toEqual({ bound: true })
    expect((await server.get<PhoneBindingStatus>(CHECK, { token: fresh.token })).data).toEqual({
      bound: false,
    })
  })

  it('needs a live session', async () => {
    expect((await server.get(CHECK)).code).toBe(996)
    expect((await server.get(CHECK, { token: 'not-a-token' })).code).toBe(996)
  })
})

describe('POST /api/pc/bindPhone', () => {
  it('binds the phone and sets a first password: both then log in, logged and notified', async () => {
    const who = await wechatMember()
    const phone = newPhone()
    const code = await bindCode(phone)
    expect(await bind(who.token, { phone, code, password: encrypt(NEW_PASSWORD) })).toEqual(BOUND)

    expect((await server.get<PhoneBindingStatus>(CHECK, { token: who.token })).data).toEqual({ bound: true })
    const member = await memberOf(who.memberId)
    expect(member.phone).toBe(phone)
    expect(member.passwordHash).not.toBeNull()
    expect(member.passwordUpdatedAt).not.toBeNull()
    expect((await server.login(phone, NEW_PASSWORD, { ip: '127.0.0.1' })).code).toBe(200)

    const [login, password, phoneEntry] = await logOf(who.accountId)
    expect(login).toMatchObject({ type: 0, status: 0 })
    expect(phoneEntry).toMatchObject({
      type: 2,
      status: 0,
      content: `绑定手机号 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
    })
    expect(password).toMatchObject({ type: 1, status: 0, content: '绑定手机号时设置登录密码' })
    const [notice] = await server.db.select().from(notices).where(eq(notices.accountId, who.accountId))
    expect(notice).toMatchObject({ type: 1, title: '账号安全提醒' })
  })

  it('binds the phone alone when no password is sent; the member still has none', async () => {
    const who = await wechatMember()
    const phone = newPhone()
    expect(await bind(who.token, { phone, code: await bindCode(phone) })).toEqual(BOUND)
    expect(await memberOf(who.memberId)).toMatchObject({ phone, passwordHash: null })
    expect((await server.get(`/api/pc/checkPassword`, { token: who.token })).data).toEqual({ model: 0 })
  })

  it('checks the form with the spec messages; a refused password does not spend the code', async () => {
    const who = await wechatMember()
    const phone = newPhone()
    const code = await bindCode(phone)
    expect(await bind(who.token, {})).toEqual(refused(400, '请输入手机号、验证码'))
    expect(await bind(who.token, { phone: '1234', code })).toEqual(refused(400, '请输入正确的手机号'))
    expect(await bind(who.token, { phone, code: '12' })).toEqual(refused(400, '长度在 6个字符'))
    expect(await bind(who.token, { phone, code, password: encrypt('short') })).toEqual(
      refused(400, '密码应该由英文大小写、数字、符号组成，不少于8位'),
    )
    expect(await bind(who.token, { phone, code, password: 'not-a-ciphertext' })).toEqual(
      refused(400, '请输入正确的密码'),
    )
    expect(await bind(who.token, { phone: '1'.repeat(33), code })).toEqual(refused(400, '非法参数'))
    expect((await memberOf(who.memberId)).phone).toBeNull()
    // The code survived every refusal above.
    expect(await bind(who.token, { phone, code, password: encrypt(NEW_PASSWORD) })).toEqual(BOUND)
  })

  it('refuses a wrong code, and a code sent to another phone', async () => {
    const who = await wechatMember()
    const phone = newPhone()
    const code = await bindCode(phone)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await bind(who.token, { phone, code: wrong })).toEqual(refused(400, '请输入正确的手机号和验证码'))
    expect(await bind(who.token, { phone: newPhone(), code })).toEqual(
      refused(400, '请输入正确的手机号和验证码'),
    )
    expect((await memberOf(who.memberId)).phone).toBeNull()
  })

  it("never takes another member's phone, nor replaces the viewer's own", async () => {
    const who = await wechatMember()
    const takenCode = await bindCode(DEMO.otherOwner)
    expect(await bind(who.token, { phone: DEMO.otherOwner, code: takenCode })).toEqual(
      refused(400, '该手机号已绑定其他账号'),
    )
    const [other] = await server.db.select().from(members).where(eq(members.phone, DEMO.otherOwner))
    expect(other.phone).toBe(DEMO.otherOwner)
    expect((await memberOf(who.memberId)).phone).toBeNull()

    // A member with a phone (here the sub-admin 李子管) binds no second one.
    const subAdmin = await server.tokenFor(DEMO.subAdmin)
    const phone = newPhone()
    expect(await bind(subAdmin, { phone, code: await bindCode(phone) })).toEqual(
      refused(400, '当前账号已绑定手机号'),
    )
    expect((await server.db.select().from(members).where(eq(members.phone, DEMO.subAdmin))).length).toBe(1)
  })

  it('does not replace an existing password (that needs the current one: updatePassword)', async () => {
    const owner = await server.tokenFor(DEMO.owner)
    const code = await bindCode(DEMO.owner)
    expect(await bind(owner, { phone: DEMO.owner, code, password: encrypt(NEW_PASSWORD) })).toEqual(
      refused(400, PHONE_BINDING_MESSAGES.passwordAlreadySet),
    )
    expect((await server.login(DEMO.owner, DEMO_PASSWORD)).code).toBe(200)
    expect((await server.login(DEMO.owner, NEW_PASSWORD)).code).toBe(400)
  })

  it('needs a session that logged in within 10 minutes, and a live one', async () => {
    const who = await wechatMember()
    server.clock.advance(minutes(11))
    const phone = newPhone()
    const code = await bindCode(phone)
    // No phone to re-verify with: the answer says to log in again.
    expect(await bind(who.token, { phone, code })).toEqual({
      code: 4031,
      message: '为了您的账号安全，请重新登录后再操作',
      data: { method: 'relogin', action: '绑定、修改手机号' },
    })
    expect((await memberOf(who.memberId)).phone).toBeNull()
    expect((await server.post(BIND, { phone, code })).code).toBe(996)
    expect((await server.post(BIND, { phone, code }, { token: 'not-a-token' })).code).toBe(996)
  })

  it('is limited per address, in one count with /api/wechat/bindPhone', async () => {
    const limited = await server.buildVariant({ anonymousCallsPerMinute: 2 })
    const call = (url: string) =>
      limited.inject({ method: 'POST', url, payload: {}, remoteAddress: '198.18.1.1' }).then((r) => r.json())
    expect((await call(BIND)).code).toBe(996)
    expect((await call('/api/wechat/bindPhone')).code).toBe(996)
    expect(await call(BIND)).toEqual(refused(429, RATE_LIMITED))
    expect(await call('/api/wechat/bindPhone')).toEqual(refused(429, RATE_LIMITED))
  })
})
