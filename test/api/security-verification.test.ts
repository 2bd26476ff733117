import { and, eq } from 'drizzle-orm'
import { MSG } from '../../src/core/validation/messages'
import { hours } from '../../server/context'
import { knownAddresses, members, smsCodes } from '../../server/db/schema'
import { DEMO, useTestServer } from './support/harness'
import { freshIp } from './support/addresses'

const server = useTestServer()

beforeEach(() => server.clock.advance(hours(1) + 1000))

const STATUS = '/api/app/securityVerification/checkLoginStatus'
const SEND = '/api/app/securityVerification/sendSmsCode'
const CONFIRM = '/api/app/securityVerification/confirm'
const INFO = '/api/pc/getPersonalInfo'
const NEEDS_VERIFICATION = { code: 403, message: '请先完成安全验证', data: null }

/** A password login from `ip`; returns its token. */
async function passwordLogin(account: string, ip: string): Promise<string> {
  const result = await server.login(account, undefined, { ip })
  expect(result.code).toBe(200)
  return result.data.token
}

/** Slider for the session's bound phone (no phone in check222), then the send. */
async function sendVerificationCode(token: string, ip: string) {
  const solved = await server.solvedSlider(undefined, { token, ip })
  return server.post(SEND, solved, { token, ip })
}

async function isKnown(phone: string, ip: string): Promise<boolean> {
  const [member] = await server.db.select().from(members).where(eq(members.phone, phone))
  const rows = await server.db
    .select()
    .from(knownAddresses)
    .where(and(eq(knownAddresses.memberId, member.id), eq(knownAddresses.ip, ip)))
  return rows.length > 0
}

describe('a password login from a known address', () => {
  it('goes straight in', async () => {
    const token = await passwordLogin(DEMO.owner, '127.0.0.1')
    expect((await server.get(INFO, { token })).code).toBe(200)
    expect(await server.get(STATUS, { token })).toEqual({
      code: 200,
      message: '操作成功',
      data: { verified: true, phone: '138****0001', secondFactor: 'none' },
    })
  })
})

describe('a password login from a new address', () => {
  it('still returns the login data, but the session may only verify or log out', async () => {
    const ip = freshIp()
    const result = await server.login(DEMO.otherOwner, undefined, { ip })
    expect(result).toMatchObject({ code: 200, message: '登录成功', data: { role: 0, subAccountId: 0 } })
    const token = result.data.token
    for (const url of [INFO, '/api/app/account/getAccountList', '/api/pc/getUnReadCount']) {
      expect(await server.get(url, { token, ip })).toEqual(NEEDS_VERIFICATION)
    }
    expect(
      await server.post('/api/wechat/bindPhone', { phone: DEMO.otherOwner, code: '123456' }, { token }),
    ).toEqual(NEEDS_VERIFICATION)
    expect(await server.get(STATUS, { token, ip })).toEqual({
      code: 200,
      message: '操作成功',
      data: { verified: false, phone: '138****0003', secondFactor: 'none' },
    })
    expect(await isKnown(DEMO.otherOwner, ip)).toBe(false)
    expect((await server.get('/api/pc/logout', { token, ip })).code).toBe(200)
    expect((await server.get(STATUS, { token, ip })).code).toBe(996)
  })

  it('is verified by an SMS code sent to the bound phone, then works and the address is known', async () => {
    const ip = freshIp()
    const token = await passwordLogin(DEMO.otherOwner, ip)
    expect(await sendVerificationCode(token, ip)).toEqual({ code: 200, message: '已发送', data: null })
    const [sent] = await server.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), eq(smsCodes.purpose, 'securityVerification')))
    expect(sent.phone).toBe(DEMO.otherOwner)
    const code = await server.latestSms(DEMO.otherOwner, 'securityVerification')

    const wrong = code === '000000' ? '111111' : '000000'
    expect(await server.post(CONFIRM, { code: wrong }, { token, ip })).toEqual({
      code: 400,
      message: '请输入正确的手机号和验证码',
      data: null,
    })
    expect(await server.post(CONFIRM, { code: '' }, { token, ip })).toEqual({
      code: 400,
      message: MSG.smsCodeRequired,
      data: null,
    })
    expect(await server.get(INFO, { token, ip })).toEqual(NEEDS_VERIFICATION)

    expect(await server.post(CONFIRM, { code }, { token, ip })).toEqual({
      code: 200,
      message: '验证成功',
      data: null,
    })
    expect((await server.get(INFO, { token, ip })).code).toBe(200)
    expect((await server.get(STATUS, { token, ip })).data).toEqual({
      verified: true,
      phone: '138****0003',
      secondFactor: 'none',
    })
    expect(await isKnown(DEMO.otherOwner, ip)).toBe(true)

    // The next login from there goes straight in.
    const next = await passwordLogin(DEMO.otherOwner, ip)
    expect((await server.get(INFO, { token: next, ip })).code).toBe(200)
  })

  it('does not accept a code sent for another purpose', async () => {
    const ip = freshIp()
    const token = await passwordLogin(DEMO.otherOwner, ip)
    expect((await server.sendSms(DEMO.otherOwner, 'login', { ip })).code).toBe(200)
    const loginCode = await server.latestSms(DEMO.otherOwner, 'login')
    expect((await server.post(CONFIRM, { code: loginCode }, { token, ip })).code).toBe(400)
    expect(await server.get(INFO, { token, ip })).toEqual(NEEDS_VERIFICATION)
  })

  it('needs the slider solved for the bound phone', async () => {
    const ip = freshIp()
    const token = await passwordLogin(DEMO.otherOwner, ip)
    const forOtherPhone = await server.solvedSlider(DEMO.owner, { ip })
    expect(await server.post(SEND, forOtherPhone, { token, ip })).toEqual({
      code: 400,
      message: '请先完成滑块验证',
      data: null,
    })
    const unsolved = await server.slider()
    expect(
      (await server.post(SEND, { captchaId: unsolved.id, captchaData: unsolved.captchaData }, { token, ip }))
        .message,
    ).toBe('请先完成滑块验证')
  })

  it('needs a session to send', async () => {
    const solved = await server.solvedSlider(DEMO.otherOwner)
    expect((await server.post(SEND, solved)).code).toBe(996)
    expect((await server.post(CONFIRM, { code: '123456' })).code).toBe(996)
  })

  it('is not asked of a member without a bound phone, nor after an SMS or WeChat login', async () => {
    const ip = freshIp()
    const token = await passwordLogin(DEMO.noPhoneAccount, ip)
    expect((await server.get(STATUS, { token, ip })).data).toEqual({
      verified: true,
      phone: '',
      secondFactor: 'none',
    })
    expect((await server.get(INFO, { token, ip })).code).toBe(200)

    expect((await server.sendSms(DEMO.owner, 'login', { ip })).code).toBe(200)
    const code = await server.latestSms(DEMO.owner, 'login')
    const smsLogin = await server.post<{ token: string }>(
      '/api/app/phoneLogin',
      { phone: DEMO.owner, code },
      { ip },
    )
    expect((await server.get(INFO, { token: smsLogin.data.token, ip })).code).toBe(200)
  })
})

describe('POST /__dev/forgetAddresses', () => {
  it('makes the next login from localhost ask for verification', async () => {
    expect(await server.post('/__dev/forgetAddresses', { phone: DEMO.subAdmin })).toEqual({
      code: 200,
      message: '操作成功',
      data: { removed: 3 },
    })
    const token = await passwordLogin(DEMO.subAdmin, '127.0.0.1')
    expect(await server.get(INFO, { token })).toEqual(NEEDS_VERIFICATION)
    expect((await server.get(STATUS, { token })).data).toEqual({
      verified: false,
      phone: '138****0002',
      secondFactor: 'none',
    })
  })

  it('answers 404 for an unknown phone', async () => {
    expect(await server.post('/__dev/forgetAddresses', { phone: '13999999999' })).toEqual({
      code: 404,
      message: '账号不存在',
      data: null,
    })
  })
})
