import { and, desc, eq } from 'drizzle-orm'
import { MSG } from '../../src/core/validation/messages'
import { hours, minutes } from '../../server/context'
import { smsCodes } from '../../server/db/schema'
import { DEMO, useTestServer, type LoginData } from './support/harness'
import { freshIp } from './support/addresses'

const server = useTestServer()

// The limit tests make a dozen sends, each behind a freshly drawn and solved slider.

// Every test starts past the previous one's send limits.
beforeEach(() => server.clock.advance(hours(1) + 1000))

const SENT = { code: 200, message: '已发送', data: null }
/** The 60 s refusal with the whole seconds left of the wait. */
const tooSoon = (retryAfter: number) => ({
  code: 429,
  message: '发送过于频繁，请60秒后再试',
  data: { retryAfter },
})
const TOO_MANY = { code: 429, message: '发送次数过多，请1小时后再试', data: null }
const WRONG_CODE = { code: 400, message: '请输入正确的手机号和验证码', data: null }

const outboxOf = (phone: string) => server.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))
/** The newest code record of a phone and purpose. */
const newestRecord = async (phone: string, purpose: string) =>
  (
    await server.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
  )[0]

const phoneLogin = (phone: string, code: string, ip = freshIp()) =>
  server.post<LoginData>('/api/app/phoneLogin', { phone, code }, { ip })

/** Sends a login code to `phone` and returns it. */
async function loginCode(phone: string): Promise<string> {
  expect(await server.sendSms(phone, 'login', { ip: freshIp() })).toEqual(SENT)
  const code = await server.latestSms(phone, 'login')
  if (!code) throw new Error('no code sent')
  return code
}

describe('POST /api/pc/sendSmsCode: the request', () => {
  it.each([
    ['', MSG.phoneRequired],
    ['1380000', MSG.phoneInvalid],
    ['23800000001', MSG.phoneInvalid],
  ])('checks the phone %p first', async (phone, message) => {
    const result = await server.post('/api/pc/sendSmsCode', {
      phone,
      captchaId: '',
      captchaData: '',
      type: 'login',
    })
    expect(result).toEqual({ code: 400, message, data: null })
  })

  it.each([undefined, '', 'reset', 'bindPhone', 'securityVerification'])('refuses type %p', async (type) => {
    const solved = await server.solvedSlider('13600000001')
    const result = await server.post('/api/pc/sendSmsCode', { phone: '13600000001', type, ...solved })
    expect(result).toEqual({ code: 400, message: '非法参数', data: null })
  })

  it('needs a slider solved for the phone', async () => {
    const result = await server.post('/api/pc/sendSmsCode', {
      phone: '13600000001',
      captchaId: '',
      captchaData: '',
      type: 'register',
    })
    expect(result).toEqual({ code: 400, message: '请先完成滑块验证', data: null })
    expect(await outboxOf('13600000001')).toEqual([])
  })

  it('sends a 6-digit registration code, readable in the sandbox; the record keeps only its HMAC', async () => {
    const ip = freshIp()
    expect(await server.sendSms('13600000002', 'register', { ip })).toEqual(SENT)
    const rows = await outboxOf('13600000002')
    expect(rows).toEqual([
      expect.objectContaining({ purpose: 'register', ip, usedAt: null, failedAttempts: 0 }),
    ])
    const code = (await server.get<{ code: string }>('/__dev/sms?phone=13600000002')).data.code
    expect(code).toMatch(/^\d{6}$/)
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0].codeHash).not.toContain(code)
  })

  it('sends a registration code to a phone that is already a member', async () => {
    expect(await server.sendSms(DEMO.subAdmin, 'register', { ip: freshIp() })).toEqual(SENT)
    expect(await server.latestSms(DEMO.subAdmin, 'register')).toMatch(/^\d{6}$/)
  })

  it.each(['login', 'forget'])(
    'answers 已发送 for a %s code to an unknown phone but sends nothing',
    async (type) => {
      const phone = type === 'login' ? '13600000003' : '13600000004'
      expect(await server.sendSms(phone, type, { ip: freshIp() })).toEqual(SENT)
      expect(await outboxOf(phone)).toEqual([expect.objectContaining({ purpose: type, codeHash: null })])
      expect((await server.get(`/__dev/sms?phone=${phone}`)).code).toBe(404)
    },
  )

  it.each(['login', 'forget'])('sends a %s code to a member', async (type) => {
    expect(await server.sendSms(DEMO.otherOwner, type, { ip: freshIp() })).toEqual(SENT)
    expect(await server.latestSms(DEMO.otherOwner, type)).toMatch(/^\d{6}$/)
  })
})

describe('send limits', () => {
  it('refuses a resend to the same phone within 60 s, whatever the purpose, and allows it after', async () => {
    expect(await server.sendSms('13600000010', 'register', { ip: freshIp() })).toEqual(SENT)
    server.clock.advance(59_000)
    expect(await server.sendSms('13600000010', 'register', { ip: freshIp() })).toEqual(tooSoon(1))
    expect(await server.sendSms('13600000010', 'login', { ip: freshIp() })).toEqual(tooSoon(1))
    server.clock.advance(2_000)
    expect(await server.sendSms('13600000010', 'register', { ip: freshIp() })).toEqual(SENT)
  })

  it('lets only one of several simultaneous sends to a phone through', async () => {
    const solved = await Promise.all([1, 2, 3].map(() => server.solvedSlider('13600000013')))
    const answers = await Promise.all(
      solved.map((slider) =>
        server.post(
          '/api/pc/sendSmsCode',
          { phone: '13600000013', type: 'register', ...slider },
          { ip: freshIp() },
        ),
      ),
    )
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(2)
    expect(await outboxOf('13600000013')).toHaveLength(1)
  })

  it('counts sends to unknown phones too, so the limits reveal nothing', async () => {
    expect(await server.sendSms('13600000011', 'login', { ip: freshIp() })).toEqual(SENT)
    expect(await server.sendSms('13600000011', 'forget', { ip: freshIp() })).toEqual(tooSoon(60))
  })

  it('tells how many seconds of the 60 s wait are left, fewer as the clock runs', async () => {
    expect(await server.sendSms('13600000014', 'login', { ip: freshIp() })).toEqual(SENT)
    server.clock.advance(18_000)
    expect(await server.sendSms('13600000014', 'login', { ip: freshIp() })).toEqual(tooSoon(42))
    server.clock.advance(30_500)
    expect(await server.sendSms('13600000014', 'forget', { ip: freshIp() })).toEqual(tooSoon(12))
    server.clock.advance(11_000)
    expect(await server.sendSms('13600000014', 'login', { ip: freshIp() })).toEqual(tooSoon(1))
    server.clock.advance(1_000)
    expect(await server.sendSms('13600000014', 'login', { ip: freshIp() })).toEqual(SENT)
  })

  it('allows 10 sends per phone per hour', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(await server.sendSms('13600000012', 'register', { ip: freshIp() })).toEqual(SENT)
      server.clock.advance(61_000)
    }
    expect(await server.sendSms('13600000012', 'register', { ip: freshIp() })).toEqual(TOO_MANY)
    // The first send leaves the hour window 60 minutes after it was made.
    server.clock.advance(hours(1) - 10 * 61_000 + 1000)
    expect(await server.sendSms('13600000012', 'register', { ip: freshIp() })).toEqual(SENT)
  })

  it('allows 10 sends per client address per hour', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i += 1) {
      expect(await server.sendSms(`136000001${String(i).padStart(2, '0')}`, 'register', { ip })).toEqual(SENT)
    }
    expect(await server.sendSms('13600000120', 'register', { ip })).toEqual(TOO_MANY)
    expect(await server.sendSms('13600000120', 'register', { ip: freshIp() })).toEqual(SENT)
    server.clock.advance(hours(1) + 1000)
    expect(await server.sendSms('13600000121', 'register', { ip })).toEqual(SENT)
  })
})

describe('SMS codes (6 digits, one purpose, 5 minutes, single use, 5 wrong entries)', () => {
  it('logs in with a code just under 5 minutes old', async () => {
    const code = await loginCode(DEMO.owner)
    server.clock.advance(minutes(5) - 1000)
    expect((await phoneLogin(DEMO.owner, code)).code).toBe(200)
  })

  it('refuses a code older than 5 minutes', async () => {
    const code = await loginCode(DEMO.owner)
    server.clock.advance(minutes(5) + 1000)
    expect(await phoneLogin(DEMO.owner, code)).toEqual(WRONG_CODE)
  })

  it('refuses a code used once already', async () => {
    const code = await loginCode(DEMO.owner)
    expect((await phoneLogin(DEMO.owner, code)).code).toBe(200)
    expect(await phoneLogin(DEMO.owner, code)).toEqual(WRONG_CODE)
  })

  it('voids a code after 5 wrong entries', async () => {
    const code = await loginCode(DEMO.owner)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) expect(await phoneLogin(DEMO.owner, wrong)).toEqual(WRONG_CODE)
    expect(await phoneLogin(DEMO.owner, code)).toEqual(WRONG_CODE)
  })

  it('gives simultaneous wrong entries no more than 5 tries in all', async () => {
    const code = await loginCode(DEMO.otherOwner)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = await Promise.all(Array.from({ length: 8 }, () => phoneLogin(DEMO.otherOwner, wrong)))
    expect(answers).toEqual(Array.from({ length: 8 }, () => WRONG_CODE))
    expect(await phoneLogin(DEMO.otherOwner, code)).toEqual(WRONG_CODE)
    expect((await newestRecord(DEMO.otherOwner, 'login')).failedAttempts).toBe(5)
  })

  it('still accepts the code after 4 wrong entries', async () => {
    const code = await loginCode(DEMO.owner)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i += 1) expect(await phoneLogin(DEMO.owner, wrong)).toEqual(WRONG_CODE)
    expect((await phoneLogin(DEMO.owner, code)).code).toBe(200)
  })

  it('binds a code to its purpose: a registration code does not log in', async () => {
    expect(await server.sendSms(DEMO.owner, 'register', { ip: freshIp() })).toEqual(SENT)
    const code = (await server.latestSms(DEMO.owner, 'register')) ?? ''
    expect(await phoneLogin(DEMO.owner, code)).toEqual(WRONG_CODE)
    expect((await newestRecord(DEMO.owner, 'register')).usedAt).toBeNull()
  })

  it('counts only the newest code of a purpose', async () => {
    const first = await loginCode(DEMO.owner)
    server.clock.advance(61_000)
    const second = await loginCode(DEMO.owner)
    if (first !== second) expect(await phoneLogin(DEMO.owner, first)).toEqual(WRONG_CODE)
    expect((await phoneLogin(DEMO.owner, second)).code).toBe(200)
  })
})

describe('bind-phone codes: POST /api/app/account/sendSmsCode and /api/wechat/getCode', () => {
  it.each(['/api/app/account/sendSmsCode', '/api/wechat/getCode'])(
    '%s sends a bindPhone code under the same rules',
    async (url) => {
      const phone = url.includes('wechat') ? '13600000201' : '13600000202'
      expect(await server.sendSms(phone, 'bindPhone', { url, ip: freshIp() })).toEqual(SENT)
      expect(await outboxOf(phone)).toEqual([expect.objectContaining({ purpose: 'bindPhone' })])
      expect(await server.sendSms(phone, 'bindPhone', { url, ip: freshIp() })).toEqual(tooSoon(60))
      const unsolved = await server.slider()
      server.clock.advance(61_000)
      expect(
        await server.post(url, { phone, type: 'bindPhone', captchaId: unsolved.id, captchaData: '{}' }),
      ).toEqual({ code: 400, message: '请先完成滑块验证', data: null })
    },
  )

  it('refuses another type', async () => {
    const solved = await server.solvedSlider('13600000203')
    const result = await server.post('/api/wechat/getCode', {
      phone: '13600000203',
      type: 'login',
      ...solved,
    })
    expect(result).toEqual({ code: 400, message: '非法参数', data: null })
  })
})

describe('change-phone codes: POST /api/pc/sendSmsCode2', () => {
  const NO_SLIDER = { code: 400, message: '请先完成滑块验证', data: null }

  it('checks the slider before telling whether the new phone is registered', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const sentBefore = (await outboxOf(DEMO.owner)).length
    const send = async (phone: string, captchaId: string) =>
      server.post('/api/pc/sendSmsCode2', { phone, captchaId, captchaData: '{"x":1}' }, { token })
    const unsolved = async () => (await server.slider()).id

    // Without a solved slider a member's phone and a free one get the same answer.
    expect(await send(DEMO.owner, await unsolved())).toEqual(NO_SLIDER)
    expect(await send('13600000301', await unsolved())).toEqual(NO_SLIDER)
    // A slider solved for another phone does not do either.
    const forOther = await server.solvedSlider('13600000302')
    expect(await send(DEMO.owner, forOther.captchaId)).toEqual(NO_SLIDER)

    // Only a solved slider learns it, and the puzzle is then spent.
    const solved = await server.solvedSlider(DEMO.owner)
    expect(await send(DEMO.owner, solved.captchaId)).toEqual({
      code: 400,
      message: '该手机号已绑定其他账号',
      data: null,
    })
    expect(await send(DEMO.owner, solved.captchaId)).toEqual(NO_SLIDER)
    expect(await outboxOf(DEMO.owner)).toHaveLength(sentBefore)
  })
})
