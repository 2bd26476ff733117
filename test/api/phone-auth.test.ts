import { and, eq } from 'drizzle-orm'
import { MSG } from '../../src/core/validation/messages'
import { hours } from '../../server/context'
import { accounts, knownAddresses, members, operateRecords, sessions } from '../../server/db/schema'
import { verifyPassword } from '../../server/security/password'
import { hashToken } from '../../server/security/tokens'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer, type LoginData } from './support/harness'
import { freshIp } from './support/addresses'

const server = useTestServer()

// Every test starts past the previous one's SMS send limits.
beforeEach(() => server.clock.advance(hours(1) + 1000))

const NEW_PASSWORD = 'Fresh@2026x'
const WRONG_CODE = { code: 400, message: '请输入正确的手机号和验证码', data: null }
const INFO = '/api/pc/getPersonalInfo'

async function codeFor(phone: string, type: 'login' | 'register' | 'forget'): Promise<string> {
  const sent = await server.sendSms(phone, type, { ip: freshIp() })
  if (sent.code !== 200) throw new Error(`send refused: ${sent.message}`)
  const code = await server.latestSms(phone, type)
  if (!code) throw new Error('no code sent')
  return code
}

const memberByPhone = async (phone: string) =>
  (await server.db.select().from(members).where(eq(members.phone, phone)))[0]

describe('POST /api/app/phoneLogin', () => {
  const login = (body: Record<string, unknown>, ip = freshIp()) =>
    server.post<LoginData>('/api/app/phoneLogin', body, { ip })

  it.each([
    ['nothing', {}, '请输入手机号、验证码'],
    ['two empty fields', { phone: ' ', code: '' }, '请输入手机号、验证码'],
    ['no phone', { code: '123456' }, MSG.phoneRequired],
    ['a bad phone', { phone: '1380000', code: '123456' }, MSG.phoneInvalid],
    ['no code', { phone: DEMO.owner }, MSG.smsCodeRequired],
    ['a short code', { phone: DEMO.owner, code: '12345' }, MSG.smsCodeLength],
  ])('refuses %s with the form message', async (_case, body, message) => {
    expect(await login(body)).toEqual({ code: 400, message, data: null })
  })

  it('refuses an unknown phone like a wrong code', async () => {
    expect((await server.sendSms('13500000001', 'login', { ip: freshIp() })).code).toBe(200)
    expect(await login({ phone: '13500000001', code: '123456' })).toEqual(WRONG_CODE)
  })

  it('logs in: the same data as the password login, a verified session, the address and the log', async () => {
    const ip = freshIp()
    const code = await codeFor(DEMO.otherOwner, 'login')
    const result = await login({ phone: DEMO.otherOwner, code }, ip)
    expect(result).toEqual({
      code: 200,
      message: '登录成功',
      data: { token: expect.any(String), accountId: expect.any(Number), subAccountId: 0, role: 0 },
    })
    expect((await server.get(INFO, { token: result.data.token })).code).toBe(200)
    const member = await memberByPhone(DEMO.otherOwner)
    const known = await server.db
      .select()
      .from(knownAddresses)
      .where(and(eq(knownAddresses.memberId, member.id), eq(knownAddresses.ip, ip)))
    expect(known).toHaveLength(1)
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([expect.objectContaining({ type: 0, status: 0, memberAccount: DEMO.otherAccount })])
    const [session] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(result.data.token)))
    expect(session).toMatchObject({ source: 'sms', pendingVerification: false, ip })
  })

  it('lands a sub-administrator on its role', async () => {
    const code = await codeFor(DEMO.subAdmin, 'login')
    const result = await login({ phone: DEMO.subAdmin, code })
    expect(result.data).toMatchObject({ role: 1, subAccountId: expect.any(Number) })
    expect(result.data.subAccountId).toBeGreaterThan(0)
  })

  it('logs a wrong code against the existing account', async () => {
    const ip = freshIp()
    const code = await codeFor(DEMO.otherOwner, 'login')
    expect(
      await login({ phone: DEMO.otherOwner, code: code === '000000' ? '111111' : '000000' }, ip),
    ).toEqual(WRONG_CODE)
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([expect.objectContaining({ type: 0, status: 1 })])
  })
})

describe('POST /api/pc/registerByPhone', () => {
  const register = (body: Record<string, unknown>, ip = freshIp()) =>
    server.post<LoginData>('/api/pc/registerByPhone', body, { ip })

  const form = (phone: string, code = '123456') => ({
    phone,
    code,
    password: encrypt(NEW_PASSWORD),
    passwordAgain: encrypt(NEW_PASSWORD),
    referralCode: '',
    agreed: true,
  })

  it.each([
    ['no agreement', { agreed: false }, MSG.agreementRequired],
    ['a missing agreement', { agreed: undefined }, MSG.agreementRequired],
    ['different passwords', { passwordAgain: encrypt('Other@2026x') }, MSG.passwordMismatch],
    ['no confirmation', { passwordAgain: '' }, MSG.passwordAgainRequired],
    [
      'a weak password',
      { password: encrypt('weakpass'), passwordAgain: encrypt('weakpass') },
      MSG.passwordRule,
    ],
    ['an undecryptable password', { password: 'plain-text' }, MSG.credentialsWrong],
    ['a referral code over 6', { referralCode: 'ABCDEFG' }, MSG.referralTooLong],
    ['no code', { code: '' }, MSG.smsCodeRequired],
    ['a bad phone and no agreement', { phone: '123', agreed: false }, MSG.phoneInvalid],
  ])('refuses %s with the form message', async (_case, change, message) => {
    expect(await register({ ...form('13500000101'), ...change })).toEqual({ code: 400, message, data: null })
  })

  it('refuses a wrong code', async () => {
    await codeFor('13500000102', 'register')
    expect(await register(form('13500000102', '000000'))).toMatchObject(WRONG_CODE)
  })

  it('refuses a login code', async () => {
    const code = await codeFor(DEMO.owner, 'login')
    expect(await register(form(DEMO.owner, code))).toEqual(WRONG_CODE)
  })

  it('refuses a phone that is already a member', async () => {
    const code = await codeFor(DEMO.owner, 'register')
    expect(await register(form(DEMO.owner, code))).toEqual({
      code: 400,
      message: '该手机号已注册，请直接登录',
      data: null,
    })
  })

  it('creates the member and its main account and logs in with 注册成功', async () => {
    const phone = '13500000103'
    const code = await codeFor(phone, 'register')
    const result = await register({ ...form(phone, code), referralCode: ' AB12 ' })
    expect(result).toEqual({
      code: 200,
      message: '注册成功',
      data: { token: expect.any(String), accountId: expect.any(Number), subAccountId: 0, role: 0 },
    })
    const member = await memberByPhone(phone)
    expect(await verifyPassword(NEW_PASSWORD, member.passwordHash ?? '')).toBe(true)
    expect(member.passwordUpdatedAt).not.toBeNull()
    const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))
    expect(account).toMatchObject({
      id: result.data.accountId,
      memberAccount: `mc${phone}`,
      accountName: '135****0103',
      referralCode: 'AB12',
    })
    const info = await server.get<Record<string, unknown>>(INFO, { token: result.data.token })
    expect(info.data).toMatchObject({ bindPhone: phone, accountName: '135****0103', referralCode: 'AB12' })
    // The new password works for a password login, and the phone cannot register again.
    expect((await server.login(phone, NEW_PASSWORD, { ip: freshIp() })).code).toBe(200)
    server.clock.advance(61_000)
    const again = await codeFor(phone, 'register')
    expect((await register(form(phone, again))).message).toBe('该手机号已注册，请直接登录')
  })

  it('stores no referral code when none is given', async () => {
    const phone = '13500000104'
    const result = await register(form(phone, await codeFor(phone, 'register')))
    expect(result.code).toBe(200)
    const [account] = await server.db.select().from(accounts).where(eq(accounts.id, result.data.accountId))
    expect(account.referralCode).toBeNull()
  })
})

describe('POST /api/pc/forgetPassword', () => {
  const PHONE = '13500000201'

  const reset = (body: Record<string, unknown>, ip = freshIp()) =>
    server.post('/api/pc/forgetPassword', body, { ip })

  const form = (code: string, phone = PHONE) => ({
    phone,
    code,
    password: encrypt(NEW_PASSWORD),
    passwordAgain: encrypt(NEW_PASSWORD),
  })

  beforeAll(async () => {
    server.clock.advance(hours(1) + 1000)
    const code = await codeFor(PHONE, 'register')
    const registered = await server.post('/api/pc/registerByPhone', {
      phone: PHONE,
      code,
      password: encrypt(DEMO_PASSWORD),
      passwordAgain: encrypt(DEMO_PASSWORD),
      agreed: true,
    })
    if (registered.code !== 200) throw new Error(registered.message)
  })

  it.each([
    ['no phone', { phone: '' }, MSG.phoneRequired],
    ['no code', { code: '' }, MSG.smsCodeRequired],
    ['a weak password', { password: encrypt('weakpass') }, MSG.passwordRule],
    ['different passwords', { passwordAgain: encrypt('Other@2026x') }, MSG.passwordMismatch],
  ])('refuses %s with the form message', async (_case, change, message) => {
    expect(await reset({ ...form('123456'), ...change })).toEqual({ code: 400, message, data: null })
  })

  it('refuses a wrong code, an unknown phone and a login code', async () => {
    await codeFor(PHONE, 'forget')
    expect(await reset(form('000000'))).toEqual(WRONG_CODE)
    expect(await reset(form('123456', '13500000299'))).toEqual(WRONG_CODE)
    server.clock.advance(61_000)
    expect(await reset(form(await codeFor(PHONE, 'login')))).toEqual(WRONG_CODE)
  })

  it('sets the new password, ends every session and lifts the lockout', async () => {
    const before = await server.login(PHONE, DEMO_PASSWORD)
    expect(before.code).toBe(200)
    // Lock the account: 5 wrong passwords.
    const lockIp = freshIp()
    for (let i = 0; i < 5; i += 1) await server.login(PHONE, 'Wrong@12345', { ip: lockIp })
    expect((await server.login(PHONE, DEMO_PASSWORD, { ip: freshIp() })).code).toBe(429)

    const ip = freshIp()
    const result = await reset(form(await codeFor(PHONE, 'forget')), ip)
    expect(result).toEqual({ code: 200, message: '重置成功', data: null })

    expect(await server.get(INFO, { token: before.data.token })).toEqual({
      code: 996,
      message: '登录状态已失效，请重新登录',
      data: null,
    })
    expect(await server.login(PHONE, DEMO_PASSWORD, { ip: freshIp() })).toEqual({
      code: 400,
      message: MSG.credentialsWrong,
      data: null,
    })
    const after = await server.login(PHONE, NEW_PASSWORD)
    expect(after.code).toBe(200)
    expect((await server.get(INFO, { token: after.data.token })).code).toBe(200)

    const member = await memberByPhone(PHONE)
    expect(member.passwordUpdatedAt?.getTime()).toBe(server.clock().getTime())
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([expect.objectContaining({ type: 1, status: 0 })])
  })
})
