import { eq } from 'drizzle-orm'
import { MSG } from '../../src/core/validation/messages'
import { minutes } from '../../server/context'
import { loginAttempts } from '../../server/db/schema'
import { IDENTIFIER_FAILURE_LIMIT } from '../../server/services/auth/login-limits'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer } from './support/harness'

const server = useTestServer()

const LOCKED = { code: 429, message: '登录失败次数过多，账号已锁定，请15分钟后再试', data: null }
const THROTTLED = { code: 429, message: '登录尝试过于频繁，请稍后再试', data: null }
const WRONG = { code: 400, message: MSG.credentialsWrong, data: null }
const LOGIN = '/api/app/loginByPassword'

async function failLogins(account: string, times: number, ip: string) {
  for (let i = 0; i < times; i += 1) {
    expect(await server.login(account, 'Wrong@12345', { ip })).toEqual(WRONG)
  }
}

/** Failed attempts inserted directly, `ago` milliseconds before the test clock. */
async function insertFailures(identifier: string, ip: string, times: number, ago: number) {
  const createdAt = new Date(server.clock().getTime() - ago)
  await server.db
    .insert(loginAttempts)
    .values(Array.from({ length: times }, () => ({ identifier, ip, success: false, createdAt })))
}

describe('lockout of one account after 5 failures in 15 minutes', () => {
  it('locks the account on the sixth try, even with the right password', async () => {
    await failLogins(DEMO.otherOwner, 5, '198.51.100.1')
    expect(await server.login(DEMO.otherOwner, undefined, { ip: '198.51.100.2' })).toEqual(LOCKED)
  })

  it('counts the member account and its case variants as one identifier', async () => {
    await failLogins('demo_nophone', 3, '198.51.100.3')
    await failLogins('DEMO_NOPHONE', 2, '198.51.100.3')
    expect(await server.login('Demo_NoPhone', undefined, { ip: '198.51.100.3' })).toEqual(LOCKED)
  })

  it('unlocks 15 minutes after the fifth failure', async () => {
    const account = DEMO.subAdmin
    await failLogins(account, 5, '198.51.100.4')
    server.clock.advance(minutes(14))
    expect(await server.login(account, undefined, { ip: '198.51.100.4' })).toEqual(LOCKED)
    server.clock.advance(minutes(1) + 1000)
    expect((await server.login(account, undefined, { ip: '198.51.100.4' })).code).toBe(200)
  })

  it('does not lock when the 5 failures span more than 15 minutes', async () => {
    await insertFailures('13800000001', '198.51.100.5', 4, minutes(16))
    await failLogins(DEMO.owner, 1, '198.51.100.5')
    expect((await server.login(DEMO.owner, undefined, { ip: '198.51.100.5' })).code).toBe(200)
  })

  it('starts counting again after a successful login', async () => {
    await failLogins(DEMO.owner, 4, '198.51.100.6')
    expect((await server.login(DEMO.owner, undefined, { ip: '198.51.100.6' })).code).toBe(200)
    await failLogins(DEMO.owner, 1, '198.51.100.6')
    expect((await server.login(DEMO.owner, undefined, { ip: '198.51.100.6' })).code).toBe(200)
  })

  it('does not reveal whether an unknown account exists: it locks the same way', async () => {
    await failLogins('13999999999', 5, '198.51.100.7')
    expect(await server.login('13999999999', undefined, { ip: '198.51.100.7' })).toEqual(LOCKED)
  })
})

describe('throttling of one address after 20 failures in 15 minutes', () => {
  it('throttles the address for every account, including a right password', async () => {
    const ip = '192.0.2.50'
    await insertFailures('someone-else', ip, 19, minutes(1))
    await failLogins('13911110000', 1, ip)
    expect(await server.login('demo_main', undefined, { ip })).toEqual(THROTTLED)
    // Another address is unaffected.
    expect((await server.login('demo_main', undefined, { ip: '192.0.2.51' })).code).toBe(200)
  })

  it('counts an IPv6 client by its /64: cycling addresses of one network does not reset the count', async () => {
    const network = '2001:db8:77:1'
    // 20 failures from 4 addresses of one /64, 5 per unknown account (under each account's lock).
    for (let host = 1; host <= 4; host += 1) {
      await failLogins(`1391111000${host}`, 5, `${network}::${host}`)
    }
    expect(await server.login('demo_main', undefined, { ip: `${network}::99` })).toEqual(THROTTLED)
    expect(await server.login('demo_main', undefined, { ip: `${network}:ffff:ffff:ffff:ffff` })).toEqual(
      THROTTLED,
    )
    // The next /64 is another subscriber.
    expect((await server.login('demo_main', undefined, { ip: '2001:db8:77:2::1' })).code).toBe(200)
  }, 300_000)

  it('forgets failures older than 15 minutes', async () => {
    const ip = '192.0.2.60'
    await insertFailures('someone-else', ip, 20, minutes(15) + 1000)
    expect((await server.login('demo_main', undefined, { ip })).code).toBe(200)
  })
})

describe('one count per member, checked one attempt at a time', () => {
  let nextPhone = 1
  /** A member of its own (main account mc<phone>), so no other test touches its count. */
  async function newMember(): Promise<string> {
    const phone = `1350000${String(nextPhone++).padStart(4, '0')}`
    const created = await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
    expect(created.code).toBe(200)
    return phone
  }

  it('checks at most 5 of 12 simultaneous wrong passwords; the rest, then the right one, meet the lock', async () => {
    const phone = await newMember()
    const ip = '198.51.100.20'
    const forms = []
    for (let i = 0; i < 12; i += 1) {
      const { uuid, answer } = await server.captcha()
      forms.push({ phone, password: encrypt('Wrong@12345'), uuId: uuid, verificationCode: answer })
    }
    const answers = await Promise.all(forms.map((form) => server.post(LOGIN, form, { ip })))
    expect(answers.filter((answer) => answer.code === WRONG.code)).toHaveLength(IDENTIFIER_FAILURE_LIMIT)
    expect(answers.filter((answer) => answer.code !== WRONG.code)).toEqual(Array(7).fill(LOCKED))
    const attempts = await server.db.select().from(loginAttempts).where(eq(loginAttempts.identifier, phone))
    expect(attempts).toHaveLength(IDENTIFIER_FAILURE_LIMIT)
    expect(await server.login(phone, DEMO_PASSWORD, { ip })).toEqual(LOCKED)
  })

  it('counts the phone and the member account of one member together', async () => {
    const phone = await newMember()
    const ip = '198.51.100.21'
    await failLogins(phone, 3, ip)
    await failLogins(`MC${phone}`, 2, ip)
    expect(await server.login(phone, DEMO_PASSWORD, { ip })).toEqual(LOCKED)
    expect(await server.login(`mc${phone}`, DEMO_PASSWORD, { ip })).toEqual(LOCKED)
  })

  it('a password reset lifts the lock on both names', async () => {
    const phone = await newMember()
    const ip = '198.51.100.22'
    await failLogins(`mc${phone}`, 5, ip)
    expect(await server.sendSms(phone, 'forget', { ip })).toMatchObject({ code: 200 })
    const code = await server.latestSms(phone, 'forget')
    const reset = await server.post('/api/pc/forgetPassword', {
      phone,
      code,
      password: encrypt(DEMO_PASSWORD),
      passwordAgain: encrypt(DEMO_PASSWORD),
    })
    expect(reset.code).toBe(200)
    expect((await server.login(phone, DEMO_PASSWORD, { ip })).code).toBe(200)
  })
})
