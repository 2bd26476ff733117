// POST /api/app/login (doc2 §7 "Login and account"): the spec's other name for the password login.
// It must be no weaker a way in than loginByPassword: the same validation, single-use captcha,
// lockout (one count with loginByPassword), login mask, security verification and per-address limit.
import { ACCOUNT_DEMO } from '../../server/seed/account'
import { RATE_LIMITED } from '../../server/http/rate-limits'
import { MSG } from '../../src/core/validation/messages'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer, type LoginData } from './support/harness'

const server = useTestServer()

const LOGIN = '/api/app/login'
const WRONG = { code: 400, message: MSG.credentialsWrong, data: null }
const LOCKED = { code: 429, message: '登录失败次数过多，账号已锁定，请15分钟后再试', data: null }

/** The password login's body with a fresh captcha, as the console sends it. */
async function body(account: string, password = DEMO_PASSWORD) {
  const { uuid, answer } = await server.captcha()
  return {
    phone: account,
    password: encrypt(password),
    uuId: uuid,
    verificationCode: answer,
    type: 1,
    platform: 'h5',
  }
}

const appLogin = async (account: string, password?: string, ip = '127.0.0.1') =>
  server.post<LoginData>(LOGIN, await body(account, password), { ip })

describe('POST /api/app/login', () => {
  it('logs in as loginByPassword does: 登录成功, the same data, a working session', async () => {
    const answer = await appLogin(DEMO.owner)
    expect(answer).toMatchObject({ code: 200, message: '登录成功' })
    expect(Object.keys(answer.data).sort()).toEqual(['accountId', 'role', 'subAccountId', 'token'])
    expect(answer.data).toMatchObject({ role: 0, subAccountId: 0 })
    const byPassword = await server.login(DEMO.owner)
    expect({ ...answer.data, token: '' }).toEqual({ ...byPassword.data, token: '' })
    const info = await server.get<{ bindPhone: string }>('/api/pc/getPersonalInfo', {
      token: answer.data.token,
    })
    expect(info).toMatchObject({ code: 200, data: { bindPhone: DEMO.owner } })
  })

  it('lands a sub-admin-only member on its sub-admin role', async () => {
    expect((await appLogin(DEMO.subAdmin)).data).toMatchObject({ role: 1 })
  })

  it('checks the form first, with the form’s messages, and refuses a password that does not decrypt', async () => {
    const { uuid, answer } = await server.captcha()
    const base = { phone: DEMO.owner, password: encrypt(DEMO_PASSWORD), uuId: uuid, verificationCode: answer }
    expect(await server.post(LOGIN, { ...base, phone: '' })).toEqual({
      code: 400,
      message: '请输入手机号或账号',
      data: null,
    })
    expect(await server.post(LOGIN, { ...base, password: '' })).toMatchObject({
      code: 400,
      message: '请输入登录密码',
    })
    expect(await server.post(LOGIN, { ...base, verificationCode: '' })).toMatchObject({
      code: 400,
      message: '请输入图形验证码',
    })
    expect(await server.post(LOGIN, { ...base, password: 'not-a-ciphertext' })).toEqual(WRONG)
    expect(await server.post(LOGIN, { ...base, phone: '1'.repeat(65) })).toEqual({
      code: 400,
      message: '非法参数',
      data: null,
    })
  })

  it('needs the image captcha, which is single use', async () => {
    const sent = await body(DEMO.owner)
    expect(await server.post(LOGIN, { ...sent, verificationCode: 'XXXX' })).toEqual({
      code: 400,
      message: '图形验证码错误，请重新输入',
      data: null,
    })
    // The wrong answer spent it: the right one no longer passes, on either spelling.
    expect(await server.post(LOGIN, sent)).toMatchObject({ code: 400, message: '图形验证码错误，请重新输入' })
    expect(await server.post('/api/app/loginByPassword', sent)).toMatchObject({ code: 400 })
  })

  it('answers a wrong password and an unknown account alike', async () => {
    expect(await appLogin(DEMO.otherOwner, 'Wrong@12345', '203.0.113.10')).toEqual(WRONG)
    expect(await appLogin('13999999999', DEMO_PASSWORD, '203.0.113.10')).toEqual(WRONG)
  })

  it('shares the account lockout with loginByPassword: 5 failures across both lock both', async () => {
    const ip = '203.0.113.20'
    for (let i = 0; i < 3; i += 1) expect(await appLogin('demo_nophone', 'Wrong@12345', ip)).toEqual(WRONG)
    for (let i = 0; i < 2; i += 1) {
      expect(await server.login('demo_nophone', 'Wrong@12345', { ip })).toEqual(WRONG)
    }
    expect(await appLogin('demo_nophone', DEMO_PASSWORD, ip)).toEqual(LOCKED)
    expect(await server.login('demo_nophone', DEMO_PASSWORD, { ip })).toEqual(LOCKED)
  })

  it('keeps the login mask: a right password from outside it is a wrong password', async () => {
    expect(await appLogin(ACCOUNT_DEMO.maskPhone, DEMO_PASSWORD, '203.0.113.30')).toEqual(WRONG)
    expect((await appLogin(ACCOUNT_DEMO.maskPhone, DEMO_PASSWORD, '127.0.0.1')).code).toBe(200)
  })

  it('leaves a login from a new address pending the SMS security verification', async () => {
    const answer = await appLogin(DEMO.otherOwner, DEMO_PASSWORD, '203.0.113.40')
    expect(answer.code).toBe(200)
    const token = answer.data.token
    expect(await server.get('/api/pc/getPersonalInfo', { token })).toEqual({
      code: 403,
      message: '请先完成安全验证',
      data: null,
    })
    expect(await server.get('/api/app/securityVerification/checkLoginStatus', { token })).toMatchObject({
      data: { verified: false },
    })
  })
})

describe('the per-address limit', () => {
  it('counts /api/app/login and loginByPassword as one call', async () => {
    const limited = await server.buildVariant({ anonymousCallsPerMinute: 2 })
    const call = (url: string) =>
      limited
        .inject({ method: 'POST', url, payload: {}, remoteAddress: '203.0.113.50' })
        .then((r) => r.json())
    expect((await call(LOGIN)).code).toBe(400)
    expect((await call('/api/app/loginByPassword')).code).toBe(400)
    expect(await call(LOGIN)).toEqual({ code: 429, message: RATE_LIMITED, data: null })
    expect(await call('/api/app/loginByPassword')).toEqual({ code: 429, message: RATE_LIMITED, data: null })
  })
})
