import { desc, eq } from 'drizzle-orm'
import { hours, minutes } from '../../server/context'
import { accounts, members, notices, operateRecords } from '../../server/db/schema'
import type { QrScene, WechatLoginResult } from '../../src/core/contract/wechat'
import { DEMO, useTestServer, type LoginData } from './support/harness'
import { answerQr, scanAndAnswer, scanQr } from './support/wechat-phone'
import { freshIp } from './support/addresses'

const server = useTestServer()

beforeEach(() => server.clock.advance(hours(1) + 1000))

const HOST = { host: 'mc.example.cn' }
const EXPIRED_QR = { code: 989, message: '二维码已失效，请刷新二维码', data: null }
const NOT_REGISTERED = { code: 993, message: '该微信尚未注册，请先注册', data: null }
const INFO = '/api/pc/getPersonalInfo'

const newScene = async (purpose = 'login') =>
  (await server.get<QrScene>(`/api/wechat/getQrAddress?purpose=${purpose}`, { headers: HOST })).data

/** The desktop that created the scene polls with its secret. */
const poll = (scene: Pick<QrScene, 'code' | 'secret'>, ip = freshIp()) =>
  server.get<{ status: string } & Partial<WechatLoginResult>>(
    `/api/wechat/getTokenByCode?code=${scene.code}`,
    { ip, headers: { 'x-scene-secret': scene.secret } },
  )

/** The phone scans as `openid` (the sandbox's stand-in for WeChat) and presses 确认 or 取消. */
const answer = async (code: string, action: 'confirm' | 'cancel', openid: string = DEMO.ownerOpenId) => {
  const { scanned, answered } = await scanAndAnswer(server.app, code, openid, action)
  return answered ?? scanned.body
}

const memberByOpenId = async (openid: string) =>
  (await server.db.select().from(members).where(eq(members.wxOpenId, openid)))[0]

async function accountIdOf(memberAccount: string): Promise<number> {
  const [account] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, memberAccount))
  return account.id
}

/** Sends a bindPhone code to `phone` (slider included) and returns it. */
async function bindCode(phone: string): Promise<string> {
  const sent = await server.sendSms(phone, 'bindPhone', { url: '/api/wechat/getCode', ip: freshIp() })
  if (sent.code !== 200) throw new Error(sent.message)
  return (await server.latestSms(phone, 'bindPhone')) ?? ''
}

describe('desktop QR login: getQrAddress, the sandbox scan page, getTokenByCode', () => {
  it('hands out a random scene with the sandbox scan URL on the request origin', async () => {
    const first = await server.get<QrScene>('/api/wechat/getQrAddress?purpose=login', { headers: HOST })
    expect(first).toEqual({
      code: 200,
      message: '操作成功',
      data: {
        code: expect.stringMatching(/^[0-9a-f]{32}$/),
        url: expect.any(String),
        expiresIn: 120,
        secret: expect.stringMatching(/^[\w-]{43}$/),
      },
    })
    expect(first.data.url).toBe(`http://mc.example.cn/__dev/wechat/scan?code=${first.data.code}`)
    expect((await newScene()).code).not.toBe(first.data.code)
    // The spec's spelling with a trailing slash, and no purpose (login).
    expect((await server.get<QrScene>('/api/wechat/getQrAddress/')).data.code).toMatch(/^[0-9a-f]{32}$/)
    expect((await server.get('/api/wechat/getQrAddress?purpose=pay')).code).toBe(400)
  })

  it('honours forwarded host and protocol only behind a trusted proxy', async () => {
    const headers = {
      host: 'internal:8080',
      'x-forwarded-host': 'mc.example.com',
      'x-forwarded-proto': 'https',
    }
    const proxied = await server.buildVariant({ trustProxy: ['127.0.0.1'] })
    const behind = await proxied.inject({ method: 'GET', url: '/api/wechat/getQrAddress', headers })
    expect(behind.json().data.url).toMatch(/^https:\/\/mc\.example\.com\/__dev\/wechat\/scan\?code=/)
    const direct = await server.app.inject({ method: 'GET', url: '/api/wechat/getQrAddress', headers })
    expect(direct.json().data.url).toMatch(/^http:\/\/internal:8080\/__dev\/wechat\/scan\?code=/)
  })

  it('goes waiting -> scanned (identified, shown the confirmation) -> confirmed by 确认, once, then 989', async () => {
    const scene = await newScene()
    expect(await poll(scene)).toEqual({ code: 200, message: '操作成功', data: { status: 'waiting' } })

    // The sandbox scan page stands in for WeChat's consent page: it sends the phone to our callback.
    const page = await server.app.inject({ method: 'GET', url: `/__dev/wechat/scan?code=${scene.code}` })
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('微信授权')
    expect(page.body).toContain('value="wx-demo-main"')
    expect(page.body).toContain(`data-state="s${scene.code}"`)
    expect(page.body).not.toMatch(/<(link|img)\b|src="http/)
    expect(await poll(scene)).toMatchObject({ data: { status: 'waiting' } })

    const scanned = await scanQr(server.app, scene.code, `sandbox:${DEMO.ownerOpenId}`)
    expect(scanned.body).toContain('在电脑上登录会员中心')
    expect(scanned.body).toContain('确认')
    expect(scanned.body).toContain('取消')
    expect(scanned.formToken).toEqual(expect.any(String))
    expect(await poll(scene)).toMatchObject({ data: { status: 'scanned' } })

    expect(await answerQr(server.app, scanned.formToken!, 'confirm')).toContain('已确认，请回到电脑端')
    const ip = freshIp()
    const confirmed = await poll(scene, ip)
    expect(confirmed).toEqual({
      code: 200,
      message: '登录成功',
      data: {
        status: 'confirmed',
        token: expect.any(String),
        accountId: await accountIdOf(DEMO.mainAccount),
        subAccountId: 0,
        role: 0,
        needBindPhone: false,
        isNewMember: false,
      },
    })
    expect((await server.get(INFO, { token: confirmed.data.token, ip })).code).toBe(200)
    const log = await server.db.select().from(operateRecords).where(eq(operateRecords.ip, ip))
    expect(log).toEqual([expect.objectContaining({ type: 0, status: 0 })])

    expect(await poll(scene)).toEqual(EXPIRED_QR)
    expect(await answer(scene.code, 'confirm')).toContain('二维码已失效')
  })

  it('expires after 120 s', async () => {
    const scene = await newScene()
    server.clock.advance(119_000)
    expect((await poll(scene)).data).toEqual({ status: 'waiting' })
    server.clock.advance(2_000)
    expect(await poll(scene)).toEqual(EXPIRED_QR)
    expect(await answer(scene.code, 'confirm')).toContain('二维码已失效')
    const page = await server.app.inject({ method: 'GET', url: `/__dev/wechat/scan?code=${scene.code}` })
    expect(page.body).toContain('二维码已失效')
  })

  it('ends a scene cancelled on the phone, and the desktop is told so', async () => {
    const scene = await newScene()
    expect(await answer(scene.code, 'cancel')).toContain('已取消')
    expect(await poll(scene)).toEqual({ code: 989, message: '已在手机上取消，请刷新二维码', data: null })
    expect(await answer(scene.code, 'confirm')).toContain('二维码已失效')
  })

  it('answers 989 for an unknown scene', async () => {
    expect(await poll({ code: '0'.repeat(32), secret: 'x' })).toEqual(EXPIRED_QR)
    expect(await poll({ code: '', secret: '' })).toEqual(EXPIRED_QR)
  })

  it('answers 993 when an unknown WeChat user confirms a login scene, then 989', async () => {
    const scene = await newScene()
    await answer(scene.code, 'confirm', 'wx-nobody-1')
    expect(await poll(scene)).toEqual(NOT_REGISTERED)
    expect(await poll(scene)).toEqual(EXPIRED_QR)
    expect(await memberByOpenId('wx-nobody-1')).toBeUndefined()
  })

  it('refuses a malformed openid from the sandbox page', async () => {
    const scene = await newScene()
    const scanned = await scanQr(server.app, scene.code, 'sandbox:bad openid<>')
    expect(scanned.formToken).toBeNull()
    expect(scanned.body).toContain('微信授权未完成')
    expect((await poll(scene)).data).toEqual({ status: 'waiting' })
  })
})

describe('WeChat registration (QR purpose register) and binding a phone', () => {
  it('creates a member without a phone for an unknown openid, which then binds one', async () => {
    const scene = await newScene('register')
    await answer(scene.code, 'confirm', 'wx-new-user-1')
    const result = await poll(scene)
    expect(result.data).toMatchObject({
      status: 'confirmed',
      needBindPhone: true,
      isNewMember: true,
      role: 0,
    })
    const token = result.data.token ?? ''

    const member = await memberByOpenId('wx-new-user-1')
    expect(member).toMatchObject({ phone: null, passwordHash: null })
    const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))
    expect(account.memberAccount).toMatch(/^wx[a-z0-9]{8}$/)
    expect(account.accountName).toBe('微信用户')
    expect(account.id).toBe(result.data.accountId)
    expect((await server.get<{ bindPhone: string }>(INFO, { token })).data.bindPhone).toBe('')

    // A phone that belongs to someone else is refused; a wrong code too.
    const takenCode = await bindCode(DEMO.otherOwner)
    expect(
      await server.post('/api/wechat/bindPhone', { phone: DEMO.otherOwner, code: takenCode }, { token }),
    ).toEqual({
      code: 400,
      message: '该手机号已绑定其他账号',
      data: null,
    })
    const code = await bindCode('13400000001')
    const wrong = code === '000000' ? '111111' : '000000'
    expect(
      await server.post('/api/wechat/bindPhone', { phone: '13400000001', code: wrong }, { token }),
    ).toEqual({
      code: 400,
      message: '请输入正确的手机号和验证码',
      data: null,
    })
    expect(await server.post('/api/wechat/bindPhone', { phone: '13400000001', code }, { token })).toEqual({
      code: 200,
      message: '绑定成功',
      data: null,
    })
    expect((await server.get<{ bindPhone: string }>(INFO, { token })).data.bindPhone).toBe('13400000001')

    // Bound now: another phone is refused.
    const other = await bindCode('13400000002')
    expect(
      (await server.post('/api/wechat/bindPhone', { phone: '13400000002', code: other }, { token })).message,
    ).toBe('当前账号已绑定手机号')
  })

  it('logs a known openid in on a register scene', async () => {
    const scene = await newScene('register')
    await answer(scene.code, 'confirm', DEMO.ownerOpenId)
    expect((await poll(scene)).data).toMatchObject({
      status: 'confirmed',
      accountId: await accountIdOf(DEMO.mainAccount),
      needBindPhone: false,
      isNewMember: false,
    })
  })

  it('binds a first phone only from a session logged in within 10 minutes, logged and notified', async () => {
    const register = async () => {
      const scene = await newScene('register')
      await answer(scene.code, 'confirm', 'wx-new-user-2')
      return (await poll(scene)).data.token ?? ''
    }
    const stale = await register()
    server.clock.advance(minutes(11))
    const code = await bindCode('13400000005')
    // No phone to re-verify with: the answer says to log in again.
    expect(
      await server.post('/api/wechat/bindPhone', { phone: '13400000005', code }, { token: stale }),
    ).toEqual({
      code: 4031,
      message: '为了您的账号安全，请重新登录后再操作',
      data: { method: 'relogin', action: '绑定、修改手机号' },
    })
    const member = await memberByOpenId('wx-new-user-2')
    expect(member.phone).toBeNull()

    const token = await register()
    expect((await server.post('/api/wechat/bindPhone', { phone: '13400000005', code }, { token })).code).toBe(
      200,
    )
    expect((await memberByOpenId('wx-new-user-2')).phone).toBe('13400000005')
    const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(eq(operateRecords.accountId, account.id))
      .orderBy(desc(operateRecords.id))
    expect(entry).toMatchObject({ type: 2, status: 0, content: '绑定手机号 134****0005' })
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(eq(notices.accountId, account.id))
      .orderBy(desc(notices.id))
    expect(notice).toMatchObject({ type: 1, title: '账号安全提醒' })
    expect(notice.content).toContain('134****0005')
  })

  it('needs a session to bind', async () => {
    expect((await server.post('/api/wechat/bindPhone', { phone: '13400000003', code: '123456' })).code).toBe(
      996,
    )
  })
})

describe('WeChat in-app browser: oauthUrl, the sandbox consent page, oauthLogin', () => {
  /** The sandbox round trip: the wxcode /login receives, and the nonce its browser kept. */
  async function consent(openid: string, redirect = '/orderlist') {
    const { url, nonce } = (
      await server.get<{ url: string; nonce: string }>(
        `/api/wechat/oauthUrl?redirect=${encodeURIComponent(redirect)}`,
      )
    ).data
    const state = new URL(url).searchParams.get('state')
    const granted = await server.post<{ location: string }>('/__dev/wechat/oauth', {
      state,
      openid,
      redirect,
    })
    const location = new URL(granted.data.location, 'http://x')
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('redirect')).toBe(redirect)
    return { code: location.searchParams.get('wxcode') ?? '', nonce }
  }

  it('hands out the sandbox consent URL for a path on this site only', async () => {
    const result = await server.get<{ url: string }>('/api/wechat/oauthUrl?redirect=%2Forderlist', {
      headers: HOST,
    })
    const url = new URL(result.data.url)
    expect(url.origin + url.pathname).toBe('http://mc.example.cn/__dev/wechat/oauth')
    expect(url.searchParams.get('redirect')).toBe('/orderlist')
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(
      new URL((await server.get<{ url: string }>('/api/wechat/oauthUrl')).data.url).searchParams.get(
        'redirect',
      ),
    ).toBe('/index')
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'orderlist']) {
      expect((await server.get(`/api/wechat/oauthUrl?redirect=${encodeURIComponent(redirect)}`)).code).toBe(
        400,
      )
    }
  })

  it('logs a known openid in once per code', async () => {
    const { code, nonce } = await consent(DEMO.ownerOpenId)
    const result = await server.post<WechatLoginResult>('/api/wechat/oauthLogin', { code, nonce })
    expect(result).toEqual({
      code: 200,
      message: '登录成功',
      data: {
        token: expect.any(String),
        accountId: await accountIdOf(DEMO.mainAccount),
        subAccountId: 0,
        role: 0,
        needBindPhone: false,
        isNewMember: false,
      },
    })
    expect(await server.post('/api/wechat/oauthLogin', { code, nonce })).toEqual({
      code: 400,
      message: '微信授权已失效，请重新授权',
      data: null,
    })
  })

  it("logs nobody in with a wxcode sent to another browser (login CSRF): it needs the asking browser's nonce", async () => {
    // The attacker's own consent: its wxcode in a link sent to the victim, whose browser has no nonce.
    const { code, nonce } = await consent(DEMO.ownerOpenId)
    const expired = { code: 400, message: '微信授权已失效，请重新授权', data: null }
    expect(await server.post('/api/wechat/oauthLogin', { code })).toEqual(expired)
    const other = (await server.get<{ nonce: string }>('/api/wechat/oauthUrl')).data.nonce
    expect(await server.post('/api/wechat/oauthLogin', { code, nonce: other })).toEqual(expired)
    // Refusals do not use it up: the browser that asked still logs in.
    expect((await server.post('/api/wechat/oauthLogin', { code, nonce })).code).toBe(200)
  })

  it('answers 993 for an unknown openid', async () => {
    expect(await server.post('/api/wechat/oauthLogin', await consent('wx-nobody-2'))).toEqual(NOT_REGISTERED)
  })

  it('uses each consent request once', async () => {
    const { url } = (await server.get<{ url: string }>('/api/wechat/oauthUrl')).data
    const state = new URL(url).searchParams.get('state')
    expect((await server.post('/__dev/wechat/oauth', { state, openid: DEMO.ownerOpenId })).code).toBe(200)
    expect((await server.post('/__dev/wechat/oauth', { state, openid: DEMO.ownerOpenId })).code).toBe(400)
  })

  it('escapes what the consent page echoes and runs its script under a nonce', async () => {
    const evil = '"><script>alert(1)</script>'
    const page = await server.app.inject({
      method: 'GET',
      url: `/__dev/wechat/oauth?state=${encodeURIComponent(evil)}&redirect=${encodeURIComponent(evil)}`,
    })
    expect(page.body).not.toContain('<script>alert')
    expect(page.body).toContain('&#34;&#62;&#60;script&#62;')
    expect(page.body).toContain('同意')
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]
    expect(page.body).toContain(`<script nonce="${nonce}">`)
  })
})

describe('mini-program: miniLogin, miniBindPhone', () => {
  const miniLogin = (code: string) =>
    server.post<WechatLoginResult & { bindTicket: string }>(
      '/api/wechat/miniLogin',
      { code },
      { ip: freshIp() },
    )

  it('logs a known openid in', async () => {
    const result = await miniLogin(`sandbox:${DEMO.ownerOpenId}`)
    expect(result).toEqual({
      code: 200,
      message: '登录成功',
      data: expect.objectContaining({
        accountId: await accountIdOf(DEMO.mainAccount),
        role: 0,
        needBindPhone: false,
        isNewMember: false,
      }),
    })
    expect(JSON.stringify(result)).not.toMatch(/session_?key/i)
  })

  it('gives an unknown openid a bind ticket and no session', async () => {
    const result = await miniLogin('081xYz000aBcDe1')
    expect(result.data).toEqual({ needBindPhone: true, bindTicket: expect.any(String) })
    expect(await memberByOpenId('wx-mini-sandbox')).toBeUndefined()
  })

  it('creates a member for a new phone, once per ticket', async () => {
    const { bindTicket } = (await miniLogin('sandbox:wx-mini-new')).data
    const code = await bindCode('13400000101')
    const result = await server.post<WechatLoginResult>('/api/wechat/miniBindPhone', {
      bindTicket,
      phone: '13400000101',
      code,
    })
    expect(result).toMatchObject({
      code: 200,
      message: '登录成功',
      data: { role: 0, subAccountId: 0, needBindPhone: false, isNewMember: true },
    })
    const member = await memberByOpenId('wx-mini-new')
    expect(member).toMatchObject({ phone: '13400000101', passwordHash: null })
    const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))
    expect(account).toMatchObject({ memberAccount: 'mc13400000101', accountName: '134****0101' })
    expect((await server.get(INFO, { token: result.data.token })).code).toBe(200)

    server.clock.advance(61_000)
    const again = await bindCode('13400000101')
    expect(
      await server.post('/api/wechat/miniBindPhone', { bindTicket, phone: '13400000101', code: again }),
    ).toEqual({ code: 400, message: '绑定凭证已失效，请重新登录', data: null })
    // Known now: a later miniLogin goes straight in.
    expect((await miniLogin('sandbox:wx-mini-new')).data.token).toEqual(expect.any(String))
  })

  it('links the openid to the member of a phone that has none, surviving a wrong code', async () => {
    const { bindTicket } = (await miniLogin('sandbox:wx-other-owner')).data
    const code = await bindCode(DEMO.otherOwner)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await server.post('/api/wechat/miniBindPhone', {
      bindTicket,
      phone: DEMO.otherOwner,
      code: wrong,
    })
    expect(refused.message).toBe('请输入正确的手机号和验证码')
    server.clock.advance(61_000)
    const result = await server.post<WechatLoginResult>('/api/wechat/miniBindPhone', {
      bindTicket,
      phone: DEMO.otherOwner,
      code: await bindCode(DEMO.otherOwner),
    })
    expect(result.data).toMatchObject({ accountId: await accountIdOf(DEMO.otherAccount), isNewMember: false })
    expect((await memberByOpenId('wx-other-owner')).phone).toBe(DEMO.otherOwner)
  })

  it('refuses a phone whose member has another openid', async () => {
    const { bindTicket } = (await miniLogin('sandbox:wx-intruder')).data
    const code = await bindCode(DEMO.owner)
    expect(await server.post('/api/wechat/miniBindPhone', { bindTicket, phone: DEMO.owner, code })).toEqual({
      code: 400,
      message: '该手机号已绑定其他微信',
      data: null,
    })
    expect((await memberByOpenId(DEMO.ownerOpenId)).phone).toBe(DEMO.owner)
    expect(await memberByOpenId('wx-intruder')).toBeUndefined()
  })

  it('refuses an expired or unknown ticket', async () => {
    const { bindTicket } = (await miniLogin('sandbox:wx-late')).data
    server.clock.advance(minutes(10) + 1000)
    const code = await bindCode('13400000102')
    for (const ticket of [bindTicket, 'nope']) {
      expect(
        (await server.post('/api/wechat/miniBindPhone', { bindTicket: ticket, phone: '13400000102', code }))
          .message,
      ).toBe('绑定凭证已失效，请重新登录')
    }
  })
})

describe('GET then POST /api/app/scanCode: a mini-program session confirms a desktop login', () => {
  async function miniToken(): Promise<string> {
    const result = await server.post<LoginData>('/api/wechat/miniLogin', {
      code: `sandbox:${DEMO.ownerOpenId}`,
    })
    return result.data.token
  }

  interface ScanAnswer {
    action: string
    browser: string
    ip: string
    requestedAt: string
    confirmToken: string
  }
  const describeScan = (code: string, token?: string) =>
    server.get<ScanAnswer>(`/api/app/scanCode?code=${code}`, { token })
  const answerScan = (body: object, token?: string) => server.post('/api/app/scanCode', body, { token })

  it('says what 确认 would approve (desktop browser, address, time); only 确认 completes the scene', async () => {
    const token = await miniToken()
    const desktopAgent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
    const created = await server.get<QrScene>('/api/wechat/getQrAddress?purpose=login', {
      ip: '203.0.113.9',
      headers: { 'user-agent': desktopAgent },
    })
    const scene = created.data
    const described = await describeScan(scene.code, token)
    expect(described).toEqual({
      code: 200,
      message: '操作成功',
      data: {
        action: '在电脑上登录会员中心',
        browser: 'Chrome · Windows',
        ip: '203.0.113.9',
        requestedAt: expect.any(String),
        confirmToken: expect.any(String),
      },
    })
    expect((await poll(scene)).data).toEqual({ status: 'scanned' })
    // No explicit answer, or a made-up token: nothing is approved.
    expect((await answerScan({ code: scene.code }, token)).code).toBe(400)
    expect(await answerScan({ code: scene.code, confirmToken: 'made-up', action: 'confirm' }, token)).toEqual(
      EXPIRED_QR,
    )
    expect((await poll(scene)).data).toEqual({ status: 'scanned' })

    const { confirmToken } = described.data
    expect(await answerScan({ code: scene.code, confirmToken, action: 'confirm' }, token)).toEqual({
      code: 200,
      message: '已确认登录',
      data: null,
    })
    expect((await poll(scene)).data).toMatchObject({
      status: 'confirmed',
      accountId: await accountIdOf(DEMO.mainAccount),
      role: 0,
    })
    // The token is used up.
    expect(await answerScan({ code: scene.code, confirmToken, action: 'confirm' }, token)).toEqual(EXPIRED_QR)
  })

  it('取消 ends the desktop scene; another session cannot answer for the scanner', async () => {
    const token = await miniToken()
    const scene = await newScene()
    const { confirmToken } = (await describeScan(scene.code, token)).data
    const other = await server.tokenFor(DEMO.subAdmin)
    expect(await answerScan({ code: scene.code, confirmToken, action: 'confirm' }, other)).toEqual(EXPIRED_QR)
    expect(await answerScan({ code: scene.code, confirmToken, action: 'cancel' }, token)).toEqual({
      code: 200,
      message: '已取消登录',
      data: null,
    })
    expect((await poll(scene)).code).toBe(989)
  })

  it('works for a member without an openid (a sub-admin)', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const scene = await newScene()
    const { confirmToken } = (await describeScan(scene.code, token)).data
    expect((await answerScan({ code: scene.code, confirmToken, action: 'confirm' }, token)).code).toBe(200)
    expect((await poll(scene)).data).toMatchObject({ status: 'confirmed', role: 1 })
  })

  it('refuses an expired scene, a register scene and a missing session', async () => {
    const token = await miniToken()
    const expired = await newScene()
    server.clock.advance(121_000)
    expect(await describeScan(expired.code, token)).toEqual(EXPIRED_QR)
    const register = await newScene('register')
    expect(await describeScan(register.code, token)).toEqual(EXPIRED_QR)
    expect((await describeScan((await newScene()).code)).code).toBe(996)
    const body = { code: 'x', confirmToken: 'x', action: 'confirm' }
    expect((await answerScan(body)).code).toBe(996)
  })
})

describe('GET /api/wechat/officialAccountQr', () => {
  it('points at the sandbox follow page', async () => {
    const result = await server.get<{ url: string }>('/api/wechat/officialAccountQr', { headers: HOST })
    expect(result.data).toEqual({ url: 'http://mc.example.cn/__dev/wechat/official-account' })
    const page = await server.app.inject({ method: 'GET', url: '/__dev/wechat/official-account' })
    expect(page.body).toContain('已关注公众号（沙箱）')
  })
})
