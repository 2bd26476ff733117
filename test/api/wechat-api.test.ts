// WeChat's servers are the outside world here: a fake fetch (support/fake-wechat.ts) answers
// jscode2session and sns/oauth2/access_token as WeChat documents them. The client is ours and runs for real, alone and
// inside production-mode apps (no sandbox mapping of codes to openids there).
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { minutes } from '../../server/context'
import { members, notices, operateRecords } from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import {
  createWechatApi,
  WECHAT_API_MESSAGES,
  type WechatFetch,
} from '../../server/services/wechat/wechat-api'
import {
  ACCESS_TOKEN,
  fakeWechat,
  MINI,
  OAUTH,
  ORIGIN,
  productionWithFakeWechat,
  SESSION_KEY,
} from './support/fake-wechat'
import { DEMO, useTestServer } from './support/harness'
import { answerQr, scanQr } from './support/wechat-phone'
import { freshIp } from './support/addresses'

const INVALID_CODE = { code: 400, message: '微信授权已失效，请重新授权', data: null }
const MINI_NOT_CONFIGURED = { code: 503, message: '微信小程序登录未配置，暂不可用，请联系客服', data: null }
const OAUTH_NOT_CONFIGURED = { code: 503, message: '微信授权登录未配置，暂不可用，请联系客服', data: null }

describe('the WeChat client', () => {
  const log = { warn: jest.fn() }
  const wechat = fakeWechat()
  const api = createWechatApi({ mini: MINI, oauth: OAUTH, fetch: wechat.fetch, log })
  afterEach(() => {
    wechat.down(null)
    log.warn.mockClear()
  })

  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => 'resolved',
      (failure: { code: number; message: string }) => ({ code: failure.code, message: failure.message }),
    )

  it('asks jscode2session with the app credentials and keeps only the openid', async () => {
    const identity = await api.miniProgramIdentity(wechat.issue('js-1', 'oMini-1'))
    expect(identity).toEqual({ openid: 'oMini-1' })
    const called = wechat.calls.at(-1)!
    expect(called.origin + called.pathname).toBe('https://api.weixin.qq.com/sns/jscode2session')
    expect(Object.fromEntries(called.searchParams)).toEqual({
      appid: MINI.appId,
      secret: MINI.secret,
      js_code: 'js-1',
      grant_type: 'authorization_code',
    })
  })

  it('exchanges a web OAuth code at sns/oauth2/access_token and keeps only the openid', async () => {
    const identity = await api.oauthIdentity(wechat.issue('oa-1', 'oOauth-1'))
    expect(identity).toEqual({ openid: 'oOauth-1' })
    const called = wechat.calls.at(-1)!
    expect(called.pathname).toBe('/sns/oauth2/access_token')
    expect(called.searchParams.get('appid')).toBe(OAUTH.appId)
    expect(called.searchParams.get('code')).toBe('oa-1')
  })

  it('keeps the unionid when WeChat sends one', async () => {
    const api2 = createWechatApi({
      mini: MINI,
      oauth: null,
      fetch: async () => ({
        ok: true,
        status: 200,
        json: async () => ({ openid: 'oA', unionid: 'uA', session_key: SESSION_KEY }),
      }),
    })
    expect(await api2.miniProgramIdentity('any')).toEqual({ openid: 'oA', unionid: 'uA' })
  })

  it('turns errcode 40029 (invalid code) into a Chinese refusal; a code works once', async () => {
    expect(await refusal(api.miniProgramIdentity('made-up'))).toEqual({
      code: 400,
      message: WECHAT_API_MESSAGES.invalidCode,
    })
    const code = wechat.issue('js-once', 'oMini-once')
    await api.miniProgramIdentity(code)
    expect(await refusal(api.miniProgramIdentity(code))).toMatchObject({ code: 400 })
    expect(await refusal(api.oauthIdentity('made-up'))).toMatchObject({ code: 400 })
  })

  it.each([
    [45011, 429, WECHAT_API_MESSAGES.tooFrequent],
    [40226, 403, WECHAT_API_MESSAGES.blocked],
    [-1, 500, WECHAT_API_MESSAGES.unavailable],
    [40125, 500, WECHAT_API_MESSAGES.unavailable],
  ])('answers errcode %i with code %i', async (errcode, code, message) => {
    const api2 = createWechatApi({
      mini: MINI,
      oauth: null,
      fetch: async () => ({ ok: true, status: 200, json: async () => ({ errcode, errmsg: 'x' }) }),
    })
    expect(await refusal(api2.miniProgramIdentity('c'))).toEqual({ code, message })
  })

  it('answers WeChat being unreachable, failing or talking nonsense as unavailable', async () => {
    for (const kind of ['network', 'http', 'garbage'] as const) {
      wechat.down(kind)
      expect(await refusal(api.miniProgramIdentity('js-x'))).toEqual({
        code: 500,
        message: WECHAT_API_MESSAGES.unavailable,
      })
    }
  })

  it('gives up after its timeout', async () => {
    const hanging: WechatFetch = (_url, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    const slow = createWechatApi({ mini: MINI, oauth: null, fetch: hanging, timeoutMs: 50 })
    expect(await refusal(slow.miniProgramIdentity('js'))).toEqual({
      code: 500,
      message: WECHAT_API_MESSAGES.unavailable,
    })
  })

  it('refuses as not configured without credentials, before calling WeChat', async () => {
    const calls = wechat.calls.length
    const bare = createWechatApi({ mini: null, oauth: null, fetch: wechat.fetch })
    expect(await refusal(bare.miniProgramIdentity('js'))).toEqual({
      code: CODE.notConfigured,
      message: '微信小程序登录未配置，暂不可用，请联系客服',
    })
    expect(await refusal(bare.oauthIdentity('oa'))).toEqual({
      code: CODE.notConfigured,
      message: '微信授权登录未配置，暂不可用，请联系客服',
    })
    expect(wechat.calls.length).toBe(calls)
  })

  it('never logs the secret, the code, the session key or the access token', async () => {
    await refusal(api.miniProgramIdentity('js-logged'))
    wechat.down('network')
    await refusal(api.oauthIdentity('oa-logged'))
    expect(log.warn).toHaveBeenCalledTimes(2)
    const logged = JSON.stringify(log.warn.mock.calls)
    for (const secret of [MINI.secret, OAUTH.secret, 'js-logged', 'oa-logged', SESSION_KEY, ACCESS_TOKEN]) {
      expect(logged).not.toContain(secret)
    }
    expect(logged).toContain('40029')
  })
})

describe('production mode: openids come from WeChat only', () => {
  const server = useTestServer()
  let production: FastifyInstance
  let unconfigured: FastifyInstance
  const wechat = fakeWechat()

  jest.setTimeout(30_000)

  beforeAll(async () => {
    production = await productionWithFakeWechat(server, wechat)
    unconfigured = await server.buildVariant({ production: true, publicOrigin: ORIGIN })
  }, 60_000)

  const call = async <T = unknown>(
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: { ...headers, ...(token ? { token } : {}) },
      ...(body ? { payload: body } : {}),
    })
    expect(response.statusCode).toBe(200)
    return { ...(response.json() as { code: number; message: string; data: T }), raw: response.body }
  }
  const miniLogin = (app: FastifyInstance, code: string) =>
    call<{ token?: string; accountId?: number; bindTicket?: string }>(app, 'POST', '/api/wechat/miniLogin', {
      code,
    })

  /** A member with a phone and no WeChat, logged in (fresh) on the sandbox app of the same database. */
  let created = 0
  async function newMember() {
    const phone = `1370000${String(1000 + created++).slice(-4)}`
    const made = await server.post<{ memberId: number }>('/__dev/members', { phone, password: 'Demo@12345' })
    const login = await server.login(phone)
    return { phone, memberId: made.data.memberId, ...login.data }
  }
  const openidOf = async (memberId: number) =>
    (await server.db.select().from(members).where(eq(members.id, memberId)))[0].wxOpenId

  it('refuses the sandbox code of the demo owner and any code WeChat did not issue', async () => {
    const sandbox = await miniLogin(production, `sandbox:${DEMO.ownerOpenId}`)
    expect(sandbox).toMatchObject(INVALID_CODE)
    expect(await miniLogin(production, '081xYz000aBcDe1')).toMatchObject(INVALID_CODE)
    // The same sandbox code still logs the demo owner in on the sandbox app.
    expect((await server.post('/api/wechat/miniLogin', { code: `sandbox:${DEMO.ownerOpenId}` })).code).toBe(
      200,
    )
  })

  it('answers not configured without WECHAT_MINI_* (mini-program login and bind)', async () => {
    expect(await miniLogin(unconfigured, wechat.issue('js-nc', 'oNc'))).toMatchObject(MINI_NOT_CONFIGURED)
    const who = await newMember()
    const bind = await call(unconfigured, 'POST', '/api/wechat/miniBindWechat', { code: 'js' }, who.token)
    expect(bind).toMatchObject(MINI_NOT_CONFIGURED)
    expect(await openidOf(who.memberId)).toBeNull()
  })

  it("logs in the member of WeChat's openid; distinct codes are distinct users", async () => {
    const main = await miniLogin(production, wechat.issue('js-main', DEMO.ownerOpenId))
    expect(main).toMatchObject({ code: 200, message: '登录成功' })
    expect(main.data.accountId).toBe((await server.login(DEMO.owner)).data.accountId)
    expect(main.raw).not.toContain(SESSION_KEY)

    const first = await miniLogin(production, wechat.issue('js-a', 'oProdUserA'))
    const second = await miniLogin(production, wechat.issue('js-b', 'oProdUserB'))
    expect(first.data).toEqual({ needBindPhone: true, bindTicket: expect.any(String) })
    expect(second.data).toEqual({ needBindPhone: true, bindTicket: expect.any(String) })
    expect(first.data.bindTicket).not.toBe(second.data.bindTicket)
    // WeChat's user A binds to a member; only A's codes log that member in.
    const who = await newMember()
    const bound = await call<{ key: number }>(
      production,
      'POST',
      '/api/wechat/miniBindWechat',
      { code: wechat.issue('js-a2', 'oProdUserA') },
      who.token,
    )
    expect(bound).toMatchObject({ code: 200, data: { key: 1 } })
    expect(await openidOf(who.memberId)).toBe('oProdUserA')
    expect((await miniLogin(production, wechat.issue('js-a3', 'oProdUserA'))).data.accountId).toBe(
      who.accountId,
    )
    const b = await miniLogin(production, wechat.issue('js-b2', 'oProdUserB'))
    expect(b.data.accountId).toBeUndefined()
  })

  it('binds and changes the WeChat with codes WeChat issued only', async () => {
    const who = await newMember()
    const refused = await call(
      production,
      'POST',
      '/api/wechat/miniBindWechat',
      { code: 'sandbox:oChosenByClient' },
      who.token,
    )
    expect(refused).toMatchObject(INVALID_CODE)
    expect(await openidOf(who.memberId)).toBeNull()
    await call(
      production,
      'POST',
      '/api/wechat/miniBindWechat',
      { code: wechat.issue('js-c', 'oProdC') },
      who.token,
    )
    const update = (jsCode: string) =>
      call(
        production,
        'POST',
        '/api/wechat/updateWechat',
        { accountId: who.accountId, phone: who.phone, jsCode },
        who.token,
      )
    expect(await update('sandbox:oChosenByClient')).toMatchObject(INVALID_CODE)
    expect(await update(wechat.issue('js-d', 'oProdD'))).toMatchObject({ code: 200, message: '修改成功' })
    expect(await openidOf(who.memberId)).toBe('oProdD')
  })

  it('desktop QR login: not configured without WECHAT_OAUTH_*; else WeChat consent, then 确认, confirms the scene', async () => {
    expect(await call(unconfigured, 'GET', '/api/wechat/getQrAddress')).toMatchObject(OAUTH_NOT_CONFIGURED)
    expect(await call(unconfigured, 'GET', '/api/wechat/oauthUrl?redirect=/index')).toMatchObject(
      OAUTH_NOT_CONFIGURED,
    )

    const scene = (
      await call<{ code: string; url: string; secret: string }>(production, 'GET', '/api/wechat/getQrAddress')
    ).data
    const url = new URL(scene.url)
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(url.hash).toBe('#wechat_redirect')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: OAUTH.appId,
      redirect_uri: `${ORIGIN}/wechat/oauth/callback`,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: `s${scene.code}`,
    })
    expect(scene.url).not.toContain(OAUTH.secret)
    // No sandbox scan page in production.
    const sandboxPage = await production.inject({
      method: 'GET',
      url: `/__dev/wechat/scan?code=${scene.code}`,
    })
    expect(sandboxPage.body).not.toContain('确认登录')
    expect(sandboxPage.json()).toMatchObject({ code: 404 })

    const callback = (code: string) => scanQr(production, scene.code, code)
    const forged = await callback('made-up')
    expect(forged.body).toContain('微信授权已失效，请重新授权')
    expect(forged.formToken).toBeNull()
    const poll = () =>
      call<{ status: string; accountId: number }>(
        production,
        'GET',
        `/api/wechat/getTokenByCode?code=${scene.code}`,
        undefined,
        undefined,
        { 'x-scene-secret': scene.secret },
      )
    expect((await poll()).data).toEqual({ status: 'waiting' })
    const consented = await callback(wechat.issue('oa-main', DEMO.ownerOpenId))
    expect(consented.body).toContain('在电脑上登录会员中心')
    expect(consented.body).not.toContain(ACCESS_TOKEN)
    expect((await poll()).data).toEqual({ status: 'scanned' })
    const confirmed = await answerQr(production, consented.formToken!, 'confirm')
    expect(confirmed).toContain('已确认，请回到电脑端')
    const login = await poll()
    expect(login).toMatchObject({ code: 200, message: '登录成功', data: { status: 'confirmed' } })
    expect(login.data.accountId).toBe((await server.login(DEMO.owner)).data.accountId)
  })

  it('in-app OAuth: WeChat consent, our callback, then a one-time wxcode for oauthLogin', async () => {
    const { url, nonce } = (
      await call<{ url: string; nonce: string }>(
        production,
        'GET',
        '/api/wechat/oauthUrl?redirect=/orderlist',
      )
    ).data
    const consent = new URL(url)
    const state = consent.searchParams.get('state')!
    expect(state).toMatch(/^o[0-9a-f]{48}$/)
    const back = new URL(consent.searchParams.get('redirect_uri')!)
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/wechat/oauth/callback`)
    expect(back.searchParams.get('redirect')).toBe('/orderlist')

    const returned = await production.inject({
      method: 'GET',
      url: `/wechat/oauth/callback?code=${wechat.issue('oa-1', DEMO.ownerOpenId)}&state=${state}&redirect=/orderlist`,
    })
    expect(returned.statusCode).toBe(302)
    const location = new URL(returned.headers.location as string, ORIGIN)
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('redirect')).toBe('/orderlist')
    const wxcode = location.searchParams.get('wxcode')!
    expect(wxcode).not.toBe('oa-1')
    const login = await call(production, 'POST', '/api/wechat/oauthLogin', { code: wxcode, nonce })
    expect(login).toMatchObject({ code: 200, message: '登录成功' })
    expect(await call(production, 'POST', '/api/wechat/oauthLogin', { code: wxcode, nonce })).toMatchObject(
      INVALID_CODE,
    )

    // The state is used up; a refused consent (no code) is a page, not a login.
    const replay = await production.inject({
      method: 'GET',
      url: `/wechat/oauth/callback?code=${wechat.issue('oa-2', DEMO.ownerOpenId)}&state=${state}`,
    })
    expect(replay.statusCode).toBe(200)
    expect(replay.body).toContain('微信授权已失效，请重新授权')
    const cancelled = await production.inject({ method: 'GET', url: `/wechat/oauth/callback?state=${state}` })
    expect(cancelled.body).toContain('已取消授权')
  })

  it('binds a first WeChat through the consent page (fresh session), logged and notified', async () => {
    const who = await newMember()
    const scene = (
      await call<{ code: string; url: string; secret: string }>(
        production,
        'GET',
        '/api/wechat/getCodeImg',
        undefined,
        who.token,
      )
    ).data
    expect(new URL(scene.url).searchParams.get('state')).toBe(`s${scene.code}`)
    const scanned = await scanQr(production, scene.code, wechat.issue('oa-bind', 'oProdBound'))
    expect(scanned.body).toContain('将此微信绑定到账号 137****')
    await answerQr(production, scanned.formToken!, 'confirm')
    const poll = await call<{ key: number }>(
      production,
      'GET',
      `/api/wechat/isUserBind?userId=${who.accountId}&code=${scene.code}`,
      undefined,
      who.token,
      { 'x-scene-secret': scene.secret },
    )
    expect(poll).toMatchObject({ code: 200, data: { key: 1 } })
    expect(await openidOf(who.memberId)).toBe('oProdBound')
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, who.accountId), eq(operateRecords.type, 7)))
      .orderBy(desc(operateRecords.id))
    expect(entry).toMatchObject({ content: '绑定微信', status: 0 })
    const [notice] = await server.db.select().from(notices).where(eq(notices.accountId, who.accountId))
    expect(notice).toMatchObject({ type: 1, title: '账号安全提醒' })

    // Later than 10 minutes after the login, no new scene.
    const other = await newMember()
    server.clock.advance(minutes(11))
    expect(await call(production, 'GET', '/api/wechat/getCodeImg', undefined, other.token)).toMatchObject({
      code: 4031,
    })
  })

  it('has no sandbox follow page for the official account', async () => {
    expect(await call(production, 'GET', '/api/wechat/officialAccountQr')).toMatchObject({ code: 503 })
  })
})
