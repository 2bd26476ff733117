import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { MSG } from '../../src/core/validation/messages'
import { captchas, knownAddresses, loginAttempts, members, operateRecords } from '../../server/db/schema'
import { minutes } from '../../server/context'
import { passwordHashCost, verifyPassword } from '../../server/security/password'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer, type LoginData } from './support/harness'

const server = useTestServer()

const LOGIN = '/api/app/loginByPassword'

async function loginWith(fields: Record<string, unknown>, ip = '127.0.0.1') {
  return server.post<LoginData>(LOGIN, fields, { ip })
}

async function validForm(account: string = DEMO.owner) {
  const { uuid, answer } = await server.captcha()
  return { phone: account, password: encrypt(DEMO_PASSWORD), uuId: uuid, verificationCode: answer }
}

describe('password login validation (doc2 §5, the same rules and texts as the form)', () => {
  it.each([
    ['an empty account', { phone: '' }, MSG.accountRequired],
    ['a missing account', { phone: undefined }, MSG.accountRequired],
    ['a digit string that is not a phone', { phone: '1380000' }, MSG.phoneInvalid],
    ['an empty password', { password: '' }, MSG.passwordRequired],
    ['a weak password', { password: encrypt('abcdefgh') }, MSG.passwordRule],
    ['a password that does not decrypt', { password: 'not-a-ciphertext' }, MSG.credentialsWrong],
    ['an empty captcha', { verificationCode: '' }, MSG.captchaRequired],
  ])('refuses %s with its message', async (_case, change, message) => {
    const result = await loginWith({ ...(await validForm()), ...change })
    expect(result).toEqual({ code: 400, message, data: null })
  })

  it('reports the account before the password and the password before the captcha', async () => {
    const result = await loginWith({ phone: '', password: '', uuId: '', verificationCode: '' })
    expect(result.message).toBe(MSG.accountRequired)
    const second = await loginWith({ phone: DEMO.owner, password: '', uuId: '', verificationCode: '' })
    expect(second.message).toBe(MSG.passwordRequired)
  })

  it('answers a body that is not an object with a 400 envelope', async () => {
    const result = await server.post(LOGIN, ['13800000001'])
    expect(result.code).toBe(400)
    expect(result.data).toBeNull()
  })
})

describe('image captcha on login (single use, 5 minutes, case-insensitive)', () => {
  it('accepts the answer in another case', async () => {
    const form = await validForm()
    const flipped = [...form.verificationCode]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('')
    const result = await loginWith({ ...form, verificationCode: flipped })
    expect(result.code).toBe(200)
  })

  it('refuses a wrong answer, and the captcha is then spent', async () => {
    const form = await validForm()
    const wrong = await loginWith({ ...form, verificationCode: 'zzzz' })
    expect(wrong).toEqual({ code: 400, message: MSG.captchaWrong, data: null })
    const retried = await loginWith(form)
    expect(retried.message).toBe(MSG.captchaWrong)
  })

  it('refuses a captcha used by a successful login', async () => {
    const form = await validForm()
    expect((await loginWith(form)).code).toBe(200)
    expect(await loginWith(form)).toEqual({ code: 400, message: MSG.captchaWrong, data: null })
  })

  it('refuses an unknown or malformed captcha id', async () => {
    const form = await validForm()
    expect((await loginWith({ ...form, uuId: '00000000-0000-4000-8000-000000000000' })).message).toBe(
      MSG.captchaWrong,
    )
    expect((await loginWith({ ...form, uuId: 'abc' })).message).toBe(MSG.captchaWrong)
    expect((await loginWith({ ...form, uuId: undefined })).message).toBe(MSG.captchaWrong)
  })

  it('refuses a captcha older than 5 minutes', async () => {
    const form = await validForm()
    server.clock.advance(minutes(5) + 1000)
    expect((await loginWith(form)).message).toBe(MSG.captchaWrong)
  })

  it('marks the captcha used by the attempt', async () => {
    const form = await validForm()
    await loginWith({ ...form, password: encrypt('Wrong@12345') })
    const [row] = await server.db.select().from(captchas).where(eq(captchas.id, form.uuId))
    expect(row.usedAt).not.toBeNull()
  })
})

describe('password login outcome', () => {
  it('logs the owner in by phone on the main account', async () => {
    const result = await loginWith(await validForm(DEMO.owner))
    expect(result.code).toBe(200)
    expect(result.data).toEqual({
      token: expect.any(String),
      accountId: expect.any(Number),
      subAccountId: 0,
      role: 0,
    })
    expect(result.data.token.length).toBeGreaterThanOrEqual(32)
  })

  it('logs in by member account, in any case', async () => {
    const byAccount = await loginWith(await validForm('Demo_Main'))
    const byPhone = await loginWith(await validForm(DEMO.owner))
    expect(byAccount.code).toBe(200)
    expect(byAccount.data.accountId).toBe(byPhone.data.accountId)
    expect(byAccount.data.role).toBe(0)
  })

  it('lands a sub-administrator on its sub-admin role', async () => {
    const result = await loginWith(await validForm(DEMO.subAdmin))
    expect(result.code).toBe(200)
    expect(result.data.role).toBe(1)
    expect(result.data.subAccountId).toBeGreaterThan(0)
  })

  it('logs in the account without a bound phone by its member account', async () => {
    const result = await loginWith(await validForm(DEMO.noPhoneAccount))
    expect(result.code).toBe(200)
    expect(result.data.role).toBe(0)
  })

  it('gives the same text for a wrong password and an unknown account', async () => {
    const wrongPassword = await loginWith({ ...(await validForm()), password: encrypt('Wrong@12345') })
    const unknownPhone = await loginWith(await validForm('13912345678'))
    const unknownAccount = await loginWith(await validForm('nobody_here'))
    for (const result of [wrongPassword, unknownPhone, unknownAccount]) {
      expect(result).toEqual({ code: 400, message: MSG.credentialsWrong, data: null })
    }
  })

  it('refuses a member who holds no role with 403', async () => {
    await server.db.insert(members).values({
      phone: '13700000009',
      passwordHash: (await server.db.select().from(members).where(eq(members.phone, DEMO.owner)))[0]
        .passwordHash,
      createdAt: new Date(),
    })
    const result = await loginWith(await validForm('13700000009'))
    expect(result).toEqual({ code: 403, message: '当前账号未开通会员中心', data: null })
  })

  it('records the attempt and a type 0 operation log entry; a new address waits for verification', async () => {
    const ip = '203.0.113.7'
    const result = await loginWith(await validForm(DEMO.otherOwner), ip)
    expect(result.code).toBe(200)
    const attempts = await server.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))
    expect(attempts).toEqual([expect.objectContaining({ identifier: DEMO.otherOwner, success: true })])
    const [member] = await server.db.select().from(members).where(eq(members.phone, DEMO.otherOwner))
    // Remembered only once the SMS security verification confirms it (security-verification.test.ts).
    const addresses = await server.db
      .select()
      .from(knownAddresses)
      .where(and(eq(knownAddresses.memberId, member.id), eq(knownAddresses.ip, ip)))
    expect(addresses).toHaveLength(0)
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([
      expect.objectContaining({
        accountId: result.data.accountId,
        type: 0,
        status: 0,
        memberAccount: 'demo_other',
      }),
    ])
  })

  it('logs a failed login only when the account exists', async () => {
    const ip = '203.0.113.8'
    await loginWith({ ...(await validForm(DEMO.otherOwner)), password: encrypt('Wrong@12345') }, ip)
    await loginWith(await validForm('13911112222'), ip)
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([expect.objectContaining({ type: 0, status: 1, memberAccount: 'demo_other' })])
    const attempts = await server.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))
    expect(attempts.map((a) => a.success)).toEqual([false, false])
  })
})

describe('password hashes made with older scrypt parameters', () => {
  /** A hash made with older, cheaper parameters than today's (N = 2^9). */
  function legacyHash(plain: string): string {
    const salt = crypto.randomBytes(16)
    const hash = crypto.scryptSync(plain, salt, 64, { N: 512, r: 8, p: 1 })
    return ['scrypt', 512, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$')
  }

  it('logs in with an old hash and replaces it with a current one; the password keeps its age', async () => {
    const phone = '13700000011'
    expect((await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })).code).toBe(200)
    const legacy = legacyHash(DEMO_PASSWORD)
    const changedAt = new Date('2025-01-02T03:04:05Z')
    await server.db
      .update(members)
      .set({ passwordHash: legacy, passwordUpdatedAt: changedAt })
      .where(eq(members.phone, phone))
    const stored = async () => (await server.db.select().from(members).where(eq(members.phone, phone)))[0]

    const wrong = await loginWith({ ...(await validForm(phone)), password: encrypt('Wrong@12345') })
    expect(wrong).toEqual({ code: 400, message: MSG.credentialsWrong, data: null })
    expect((await stored()).passwordHash).toBe(legacy)

    expect((await loginWith(await validForm(phone))).code).toBe(200)
    const upgraded = await stored()
    expect(upgraded.passwordHash).toMatch(new RegExp(`^scrypt\\$${passwordHashCost()}\\$8\\$1\\$`))
    expect(await verifyPassword(DEMO_PASSWORD, upgraded.passwordHash ?? '')).toBe(true)
    expect(upgraded.passwordUpdatedAt).toEqual(changedAt)
    // The new hash logs in too, and is kept as it is.
    expect((await loginWith(await validForm(phone))).code).toBe(200)
    expect((await stored()).passwordHash).toBe(upgraded.passwordHash)
  })
})
