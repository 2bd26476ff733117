// 二次验证: a TOTP key bound by one code, 10 single-use recovery codes, asked after the password and
// SMS steps of a login (a session owing it reaches nothing else), each code once, wrong codes in the
// login lockout, 7 days on a trusted device until a password change or 退出其他设备, required of
// sub-admins by their main account, and no key without DATA_ENCRYPTION_KEY in production.
import { and, eq } from 'drizzle-orm'
import { loadConfig } from '../../server/config'
import { members, notices, operateRecords, recoveryCodes, secondFactors } from '../../server/db/schema'
import { totpCode, TOTP_PERIOD_S } from '../../server/security/totp'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import {
  SECOND_FACTOR_MSG,
  type RecoveryCodes,
  type SecondFactorEnrolment,
} from '../../src/core/contract/second-factor'
import { DEMO_PASSWORD, encrypt, useTestServer } from './support/harness'

const server = useTestServer()
const API = '/api/app/secondFactor'
const STEP_MS = TOTP_PERIOD_S * 1000
let nextPhone = 13600000400

/** A new member with its own main account. */
async function newMember(): Promise<string> {
  const phone = String((nextPhone += 1))
  expect((await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })).code).toBe(200)
  return phone
}

const device = (id: string) => ({ 'x-device-id': id.padEnd(32, '0') })

/** A password login from a device; its (possibly pending) token. */
async function passwordLogin(phone: string, deviceId = 'a1') {
  const login = await server.login(phone, DEMO_PASSWORD, { headers: device(deviceId) })
  expect(login.code).toBe(200)
  return login.data.token
}

const status = (token: string) =>
  server.get<{ verified: boolean; secondFactor: string }>('/api/app/securityVerification/checkLoginStatus', {
    token,
  })

/** Binds the member's key; returns the key and the recovery codes. */
async function enable(phone: string) {
  const token = await passwordLogin(phone)
  const begun = await server.post<SecondFactorEnrolment>(`${API}/begin`, {}, { token })
  expect(begun.code).toBe(200)
  const { secret } = begun.data
  const confirmed = await server.post<RecoveryCodes>(
    `${API}/confirm`,
    { code: await totpCode(secret, server.clock()) },
    { token },
  )
  expect(confirmed).toMatchObject({ code: 200, message: SECOND_FACTOR_MSG.enabled })
  // The next code is of a later step: the one confirming cannot be used again.
  server.clock.advance(STEP_MS)
  return { secret, recovery: confirmed.data.recoveryCodes, token }
}

const verify = (token: string, code: string, trustDevice = false, deviceId = 'a1') =>
  server.post(`${API}/verify`, { code, trustDevice }, { token, headers: device(deviceId) })

describe('binding', () => {
  it('shows a key and its otpauth QR, binds it by one code, and gives 10 recovery codes once', async () => {
    const phone = await newMember()
    const token = await passwordLogin(phone)
    const begun = await server.post<SecondFactorEnrolment>(`${API}/begin`, {}, { token })
    expect(begun.data.uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/)
    expect(begun.data.uri).toContain(begun.data.secret)
    const [member] = await server.db.select().from(members).where(eq(members.phone, phone))
    const [stored] = await server.db.select().from(secondFactors).where(eq(secondFactors.memberId, member.id))
    // Sealed at rest: the key is not in the table.
    expect(JSON.stringify(stored)).not.toContain(begun.data.secret)
    expect(stored.enabledAt).toBeNull()

    for (const code of ['12345', 'abcdef']) {
      expect(await server.post(`${API}/confirm`, { code }, { token })).toMatchObject({
        code: 400,
        message: SECOND_FACTOR_MSG.codeFormat,
      })
    }
    const wrong = String(
      (Number(await totpCode(begun.data.secret, server.clock())) + 1) % 1_000_000,
    ).padStart(6, '0')
    expect(await server.post(`${API}/confirm`, { code: wrong }, { token })).toMatchObject({
      code: 400,
      message: SECOND_FACTOR_MSG.wrongCode,
    })
    const confirmed = await server.post<RecoveryCodes>(
      `${API}/confirm`,
      { code: await totpCode(begun.data.secret, server.clock()) },
      { token },
    )
    expect(confirmed.data.recoveryCodes).toHaveLength(10)
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    const hashes = await server.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, stored.memberId))
    expect(hashes).toHaveLength(10)
    expect(JSON.stringify(hashes)).not.toContain(confirmed.data.recoveryCodes[0])
    expect((await server.get(`${API}/status`, { token })).data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    })
    expect(await server.post(`${API}/begin`, {}, { token })).toMatchObject({
      code: 400,
      message: SECOND_FACTOR_MSG.alreadyEnabled,
    })
    // In the operation log, and a 账号安全提醒.
    const logged = await server.db
      .select()
      .from(operateRecords)
      .where(
        and(
          eq(operateRecords.memberAccount, `mc${phone}`),
          eq(operateRecords.type, OPERATE_TYPE.secondFactor),
        ),
      )
    expect(logged.map((row) => row.content)).toEqual(['开启二次验证'])
    const alerts = await server.db.select().from(notices).where(eq(notices.type, 1))
    expect(alerts.some((notice) => notice.content.includes('已开启二次验证'))).toBe(true)
  })

  it('needs a fresh session to begin', async () => {
    const phone = await newMember()
    const token = await passwordLogin(phone)
    server.clock.advance(11 * 60_000)
    await server.get(`${API}/status`, { token })
    expect((await server.post(`${API}/begin`, {}, { token })).code).toBe(REVERIFY_CODE)
  })
})

describe('the login', () => {
  it('asks for a code after the password; until then the session reaches nothing else', async () => {
    const phone = await newMember()
    const { secret } = await enable(phone)
    const token = await passwordLogin(phone)
    expect((await status(token)).data).toMatchObject({ verified: true, secondFactor: 'verify' })
    expect(await server.get('/api/pc/getPersonalInfo', { token })).toMatchObject({ code: 403 })
    expect(await verify(token, '000000')).toMatchObject({ code: 400, message: SECOND_FACTOR_MSG.wrongCode })
    expect(await verify(token, await totpCode(secret, server.clock()))).toMatchObject({ code: 200 })
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(200)
    expect((await status(token)).data.secondFactor).toBe('none')
  })

  it('refuses a code used in its window, at once or again', async () => {
    const phone = await newMember()
    const { secret } = await enable(phone)
    const code = await totpCode(secret, server.clock())
    const first = await passwordLogin(phone)
    const second = await passwordLogin(phone)
    const answers = await Promise.all([verify(first, code), verify(second, code)])
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 400])
    // One step later the next code works.
    server.clock.advance(STEP_MS)
    const pending = answers[0].code === 200 ? second : first
    expect((await verify(pending, await totpCode(secret, server.clock()))).code).toBe(200)
  })

  it('takes a recovery code once, in any case and with or without its dash, and tells the owner', async () => {
    const phone = await newMember()
    const { recovery } = await enable(phone)
    const token = await passwordLogin(phone)
    expect((await verify(token, recovery[0].toUpperCase().replace('-', ''))).code).toBe(200)
    const again = await passwordLogin(phone)
    expect(await verify(again, recovery[0])).toMatchObject({
      code: 400,
      message: SECOND_FACTOR_MSG.wrongCode,
    })
    expect((await verify(again, recovery[1])).code).toBe(200)
    expect((await server.get(`${API}/status`, { token: again })).data).toMatchObject({ recoveryCodesLeft: 8 })
  })

  it('asks after an SMS login too', async () => {
    const phone = await newMember()
    await enable(phone)
    expect((await server.sendSms(phone, 'login')).code).toBe(200)
    const login = await server.post<{ token: string }>('/api/app/phoneLogin', {
      phone,
      code: await server.latestSms(phone, 'login'),
    })
    expect((await status(login.data.token)).data.secondFactor).toBe('verify')
  })

  it('counts wrong codes in the login lockout: the fifth locks the code and the password alike', async () => {
    const phone = await newMember()
    const { secret } = await enable(phone)
    const token = await passwordLogin(phone)
    for (let i = 0; i < 5; i += 1) expect((await verify(token, '000000')).code).toBe(400)
    const locked = { code: 429, message: '登录失败次数过多，账号已锁定，请15分钟后再试' }
    expect(await verify(token, await totpCode(secret, server.clock()))).toMatchObject(locked)
    expect(await server.login(phone, DEMO_PASSWORD)).toMatchObject(locked)
  })

  it('skips the code for 7 days on a trusted device only, until a password change', async () => {
    const phone = await newMember()
    const { secret } = await enable(phone)
    const token = await passwordLogin(phone, 'b1')
    expect((await verify(token, await totpCode(secret, server.clock()), true, 'b1')).code).toBe(200)
    expect((await status(await passwordLogin(phone, 'b1'))).data.secondFactor).toBe('none')
    expect((await status(await passwordLogin(phone, 'b2'))).data.secondFactor).toBe('verify')
    server.clock.advance(7 * 86_400_000 + 1000)
    expect((await status(await passwordLogin(phone, 'b1'))).data.secondFactor).toBe('verify')

    server.clock.advance(STEP_MS)
    const trusted = await passwordLogin(phone, 'b1')
    expect((await verify(trusted, await totpCode(secret, server.clock()), true, 'b1')).code).toBe(200)
    expect((await status(await passwordLogin(phone, 'b1'))).data.secondFactor).toBe('none')
    const changed = await server.post(
      '/api/pc/updatePassword',
      {
        oldPassword: encrypt(DEMO_PASSWORD),
        password: encrypt('Changed@123'),
        passwordAgain: encrypt('Changed@123'),
        model: 1,
      },
      { token: trusted },
    )
    expect(changed.code).toBe(200)
    const after = await server.login(phone, 'Changed@123', { headers: device('b1') })
    expect((await status(after.data.token)).data.secondFactor).toBe('verify')
  })
})

describe('turning it off and new recovery codes', () => {
  it('needs a current code to disable; the login asks nothing after', async () => {
    const phone = await newMember()
    const { secret, token } = await enable(phone)
    expect(await server.post(`${API}/disable`, { code: '000000' }, { token })).toMatchObject({
      code: 400,
      message: SECOND_FACTOR_MSG.wrongCode,
    })
    const off = await server.post(
      `${API}/disable`,
      { code: await totpCode(secret, server.clock()) },
      { token },
    )
    expect(off).toMatchObject({ code: 200, message: SECOND_FACTOR_MSG.disabled })
    expect((await status(await passwordLogin(phone))).data.secondFactor).toBe('none')
  })

  it('replaces the recovery codes: the old ones stop working', async () => {
    const phone = await newMember()
    const { recovery, token } = await enable(phone)
    const renewed = await server.post<RecoveryCodes>(`${API}/recoveryCodes`, {}, { token })
    expect(renewed.data.recoveryCodes).toHaveLength(10)
    const login = await passwordLogin(phone)
    expect((await verify(login, recovery[0])).code).toBe(400)
    expect((await verify(login, renewed.data.recoveryCodes[0])).code).toBe(200)
  })
})

describe("a main account's rule for its sub-admins", () => {
  it('leads a sub-admin without it to enrolment at its next login; only the main account sets it', async () => {
    const owner = await server.tokenFor('13800000001')
    const subAdmin = await server.tokenFor('13800000002')
    expect((await server.post(`${API}/subAdmins`, { required: true }, { token: subAdmin })).code).toBe(403)
    expect((await server.post(`${API}/subAdmins`, { required: true }, { token: owner })).code).toBe(200)
    expect((await server.get(`${API}/status`, { token: owner })).data).toMatchObject({
      subAdminsRequired: true,
    })

    const pending = await passwordLogin('13800000002')
    expect((await status(pending)).data.secondFactor).toBe('enrol')
    expect((await server.get('/api/pc/getPersonalInfo', { token: pending })).code).toBe(403)
    const begun = await server.post<SecondFactorEnrolment>(`${API}/begin`, {}, { token: pending })
    expect(begun.code).toBe(200)
    const confirmed = await server.post(
      `${API}/confirm`,
      { code: await totpCode(begun.data.secret, server.clock()) },
      { token: pending },
    )
    expect(confirmed.code).toBe(200)
    expect((await server.get('/api/pc/getPersonalInfo', { token: pending })).code).toBe(200)
    expect((await server.post(`${API}/subAdmins`, { required: false }, { token: owner })).code).toBe(200)
  })
})

describe('the at-rest key', () => {
  it('is 32 bytes when set, and production without it offers no second factor', async () => {
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).dataEncryptionKey,
    ).toHaveLength(32)
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    )
    const keyless = await server.buildVariant({ dataEncryptionKey: null })
    const phone = await newMember()
    const token = await passwordLogin(phone)
    const answer = await keyless.inject({
      method: 'POST',
      url: `${API}/begin`,
      headers: { token },
      payload: {},
    })
    expect(answer.json()).toMatchObject({ code: 503 })
  })
})
