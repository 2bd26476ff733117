import { and, desc, eq } from 'drizzle-orm'
import { hours } from '../../server/context'
import { accounts, members, notices, operateRecords } from '../../server/db/schema'
import { DEMO, useTestServer } from './support/harness'
import { answerQr, scanAndAnswer, scanQr } from './support/wechat-phone'

const server = useTestServer()

beforeEach(() => server.clock.advance(hours(1) + 1000))

const HOST = { host: 'mc.example.cn' }
const EXPIRED_QR = { code: 989, message: '二维码已失效，请刷新二维码', data: null }
const FORBIDDEN = { code: 403, message: '无权访问', data: null }
const TAKEN = '当前微信已被绑定，请使用新的微信进行扫码授权～'

interface Scene {
  code: string
  url: string
  expiresIn: number
  secret: string
}

let members_created = 0
/** A new member with a main account and no WeChat; its token, ids and phone. */
async function newMember() {
  const phone = `1390000${String(1000 + members_created++).slice(-4)}`
  const created = await server.post<{ memberId: number }>('/__dev/members', { phone, password: 'Demo@12345' })
  if (created.code !== 200) throw new Error(created.message)
  const login = await server.login(phone)
  if (login.code !== 200) throw new Error(login.message)
  return { phone, memberId: created.data.memberId, ...login.data }
}

type Who = Awaited<ReturnType<typeof newMember>>

const openidOf = async (memberId: number) =>
  (await server.db.select().from(members).where(eq(members.id, memberId)))[0].wxOpenId

/** The sandbox scan page (the stand-in for WeChat's consent page). */
const scan = (code: string) => server.app.inject({ method: 'GET', url: `/__dev/wechat/scan?code=${code}` })
/** The phone scans as `openid` and presses 确认; the confirmation page's and the answer's bodies. */
const approve = async (code: string, openid: string) => {
  const { scanned, answered } = await scanAndAnswer(server.app, code, openid, 'confirm')
  return { page: scanned.body, answered: answered ?? scanned.body }
}

const openScene = async (who: Who, url = '/api/wechat/getCodeImg') =>
  (await server.get<Scene>(url, { token: who.token, headers: HOST })).data

/** The creating browser's secret goes with every poll and exchange of a scene. */
const secretOf = (scene?: Pick<Scene, 'secret'>) => (scene ? { 'x-scene-secret': scene.secret } : undefined)

const pollBind = (who: Who, scene: Pick<Scene, 'code' | 'secret'>, userId = String(who.accountId)) =>
  server.get<{ key: number; scanned: boolean }>(
    `/api/wechat/isUserBind?userId=${userId}&code=${scene.code}`,
    { token: who.token, headers: secretOf(scene) },
  )

const pollChange = (who: Who, scene: Pick<Scene, 'code' | 'secret'>) =>
  server.get<{ status: string; wxOpenId?: string }>(`/api/wechat/getBindInfoByCode?code=${scene.code}`, {
    token: who.token,
    headers: secretOf(scene),
  })

const update = (who: Who, body: Record<string, unknown>, scene?: Scene) =>
  server.post(
    '/api/wechat/updateWechat',
    { accountId: who.accountId, phone: who.phone, ...(scene ? { code: scene.code } : {}), ...body },
    { token: who.token, headers: secretOf(scene) },
  )

async function logOf(accountId: number) {
  return server.db
    .select()
    .from(operateRecords)
    .where(eq(operateRecords.accountId, accountId))
    .orderBy(desc(operateRecords.id))
}

/** Binds `openid` to a fresh member through the QR flow. */
async function boundMember(openid: string): Promise<Who> {
  const who = await newMember()
  const scene = await openScene(who)
  await approve(scene.code, openid)
  expect((await pollBind(who, scene)).data.key).toBe(1)
  return who
}

describe('checkBindWechat', () => {
  it('says whether the viewer’s member has a WeChat (seed: 13800000001 bound, 13800000003 not)', async () => {
    const owner = await server.tokenFor(DEMO.owner)
    const other = await server.tokenFor(DEMO.otherOwner)
    expect((await server.get('/api/wechat/checkBindWechat', { token: owner })).data).toEqual({ bound: true })
    expect((await server.get('/api/wechat/checkBindWechat', { token: other })).data).toEqual({ bound: false })
  })

  it('needs a session', async () => {
    expect((await server.get('/api/wechat/checkBindWechat')).code).toBe(996)
  })
})

describe('bind: getCodeImg, the sandbox scan page, isUserBind', () => {
  it('binds the approved WeChat: waiting (key 2), scanned, then key 1 once, logged as type 7', async () => {
    const who = await newMember()
    const scene = await openScene(who)
    expect(scene.url).toBe(`http://mc.example.cn/__dev/wechat/scan?code=${scene.code}`)
    expect(scene.expiresIn).toBe(120)
    expect((await pollBind(who, scene)).data).toEqual({ key: 2, scanned: false })

    const page = await scan(scene.code)
    expect(page.body).toContain('微信扫码（沙箱）')
    expect(page.body).toContain('改用已绑定的微信（wx-demo-main）')
    const offered = /id="openid"[^>]*value="([^"]+)"/.exec(page.body)?.[1]
    expect(offered).toMatch(/^wx-sandbox-/)
    expect((await pollBind(who, scene)).data).toEqual({ key: 2, scanned: false })

    // The callback only identifies: the phone is shown whose account it would bind to.
    const scanned = await scanQr(server.app, scene.code, `sandbox:${offered}`)
    expect(scanned.body).toContain(`将此微信绑定到账号 ${who.phone.slice(0, 3)}****${who.phone.slice(-4)}`)
    expect((await pollBind(who, scene)).data).toEqual({ key: 2, scanned: true })
    expect(await answerQr(server.app, scanned.formToken!, 'confirm')).toContain('已确认，请回到电脑端')
    const answer = await pollBind(who, scene)
    expect(answer).toMatchObject({ code: 200, message: '绑定成功', data: { key: 1 } })
    expect(await openidOf(who.memberId)).toBe(offered)
    expect(await pollBind(who, scene)).toEqual(EXPIRED_QR)
    const [entry] = await logOf(who.accountId)
    expect(entry).toMatchObject({ type: 7, status: 0 })
  })

  it('answers key 0 when the WeChat is already bound to someone else, and binds nothing', async () => {
    const who = await newMember()
    const scene = await openScene(who)
    await approve(scene.code, DEMO.ownerOpenId)
    expect((await pollBind(who, scene)).data.key).toBe(0)
    expect(await openidOf(who.memberId)).toBeNull()
    const [entry] = await logOf(who.accountId)
    expect(entry).toMatchObject({ type: 7, status: 1 })
  })

  it('refuses a bind scene to a member that already has a WeChat', async () => {
    const owner = await server.tokenFor(DEMO.owner)
    const answer = await server.get('/api/wechat/getCodeImg', { token: owner })
    expect(answer).toEqual({ code: 400, message: '当前账号已绑定微信', data: null })
  })

  it('scenes expire after 120 s: polling and approving answer 989, the page says so', async () => {
    const who = await newMember()
    const scene = await openScene(who)
    server.clock.advance(120_000)
    expect(await pollBind(who, scene)).toEqual(EXPIRED_QR)
    expect((await approve(scene.code, 'wx-late')).answered).toContain('<h1>二维码已失效</h1>')
    expect((await scan(scene.code)).body).toContain('<h1>二维码已失效</h1>')
  })

  it('a scene cancelled on the phone is dead, and the desktop is told so', async () => {
    const who = await newMember()
    const scene = await openScene(who)
    const { answered } = await scanAndAnswer(server.app, scene.code, 'wx-cancelled-1', 'cancel')
    expect(answered).toContain('已取消')
    expect(await pollBind(who, scene)).toEqual({
      code: 989,
      message: '已在手机上取消，请刷新二维码',
      data: null,
    })
    expect(await openidOf(who.memberId)).toBeNull()
  })

  it('another account cannot poll (and so bind) someone else’s scene, nor poll as another userId', async () => {
    const who = await newMember()
    const intruder = await newMember()
    const scene = await openScene(who)
    await approve(scene.code, 'wx-stolen-1')
    expect(await pollBind(intruder, scene, String(intruder.accountId))).toEqual(EXPIRED_QR)
    expect(await pollBind(intruder, scene, String(who.accountId))).toEqual(FORBIDDEN)
    expect(await openidOf(intruder.memberId)).toBeNull()
    // The owner still gets it.
    expect((await pollBind(who, scene)).data.key).toBe(1)
  })

  it('a bind QR never logs anyone in', async () => {
    const who = await newMember()
    const scene = await openScene(who)
    await approve(scene.code, DEMO.ownerOpenId)
    expect(
      await server.get(`/api/wechat/getTokenByCode?code=${scene.code}`, { headers: secretOf(scene) }),
    ).toEqual(EXPIRED_QR)
  })
})

describe('mini-program: miniBindWechat with a wx.login code', () => {
  it('binds the sandbox openid of the code; an openid taken elsewhere is key 0', async () => {
    const who = await newMember()
    const taken = await server.post<{ key: number }>(
      '/api/wechat/miniBindWechat',
      { code: `sandbox:${DEMO.ownerOpenId}` },
      { token: who.token },
    )
    expect(taken.data.key).toBe(0)
    const bound = await server.post<{ key: number }>(
      '/api/wechat/miniBindWechat',
      { code: 'sandbox:wx-mini-bind-1' },
      { token: who.token },
    )
    expect(bound).toMatchObject({ code: 200, message: '绑定成功', data: { key: 1 } })
    expect(await openidOf(who.memberId)).toBe('wx-mini-bind-1')
  })
})

describe('change: getBindQrAddress, getBindInfoByCode, updateWechat', () => {
  it('changes to the approved WeChat (修改成功, type 8); the scene is used once', async () => {
    const who = await boundMember('wx-change-old')
    const other = await server.tokenFor(who.phone)
    const scene = await openScene(who, '/api/wechat/getBindQrAddress')
    expect((await pollChange(who, scene)).data).toEqual({ status: 'waiting' })
    expect((await scan(scene.code)).body).toContain('微信扫码（沙箱）')
    const scanned = await scanQr(server.app, scene.code, 'sandbox:wx-change-new')
    expect(scanned.body).toContain('的登录微信更换为此微信')
    expect((await pollChange(who, scene)).data).toEqual({ status: 'scanned' })
    await answerQr(server.app, scanned.formToken!, 'confirm')
    expect((await pollChange(who, scene)).data).toEqual({
      status: 'confirmed',
      wxOpenId: 'wx-change-new',
    })

    // Without the creating browser's secret the approved scene is no proof.
    expect(await update(who, { wxOpenId: 'wx-change-new', code: scene.code })).toEqual(EXPIRED_QR)
    expect(await update(who, { wxOpenId: 'wx-change-new' }, { ...scene, secret: 'guess' })).toEqual(
      EXPIRED_QR,
    )
    const changed = await update(who, { wxOpenId: 'wx-change-new' }, scene)
    expect(changed).toEqual({ code: 200, message: '修改成功', data: null })
    expect(await openidOf(who.memberId)).toBe('wx-change-new')
    expect((await logOf(who.accountId))[0]).toMatchObject({ type: 8, status: 0 })
    // ASVS 7.4.3: the member's other sessions end with the old WeChat; this one stays.
    expect((await server.get('/api/pc/getPersonalInfo', { token: other })).code).toBe(996)
    expect((await server.get('/api/pc/getPersonalInfo', { token: who.token })).code).toBe(200)

    expect(await update(who, { wxOpenId: 'wx-change-new' }, scene)).toEqual(EXPIRED_QR)
    expect(await pollChange(who, scene)).toEqual(EXPIRED_QR)
  })

  it('an openid no scene approved cannot be set', async () => {
    const who = await boundMember('wx-change-forged-old')
    expect(await update(who, { wxOpenId: 'wx-forged' })).toEqual(EXPIRED_QR)
    expect(await openidOf(who.memberId)).toBe('wx-change-forged-old')
  })

  it.each([
    ['510: bound to another member', () => DEMO.ownerOpenId, 510],
    ['513: already this member’s WeChat', (who: Who) => `wx-same-${who.memberId}`, 513],
  ])('refuses a WeChat that is already bound (%s) with the spec message', async (_name, openid, code) => {
    const who = await newMember()
    const own = `wx-same-${who.memberId}`
    const bindScene = await openScene(who)
    await approve(bindScene.code, own)
    await pollBind(who, bindScene)

    const scene = await openScene(who, '/api/wechat/getBindQrAddress')
    await approve(scene.code, openid(who))
    expect(await update(who, { wxOpenId: openid(who) }, scene)).toEqual({
      code,
      message: TAKEN,
      data: null,
    })
    expect(await openidOf(who.memberId)).toBe(own)
    expect((await logOf(who.accountId))[0]).toMatchObject({ type: 8, status: 1 })
  })

  it('the mini-program proves the new WeChat with a wx.login code', async () => {
    const who = await boundMember('wx-mini-change-old')
    expect((await update(who, { jsCode: `sandbox:${DEMO.ownerOpenId}` })).code).toBe(510)
    expect((await update(who, { jsCode: 'sandbox:wx-mini-change-new' })).code).toBe(200)
    expect(await openidOf(who.memberId)).toBe('wx-mini-change-new')
  })

  it('refuses another account’s id or a phone that is not the viewer’s', async () => {
    const who = await boundMember('wx-change-owner')
    const other = await newMember()
    const scene = await openScene(who, '/api/wechat/getBindQrAddress')
    await approve(scene.code, 'wx-change-target')
    const asOther = { accountId: other.accountId, wxOpenId: 'wx-change-target' }
    expect(await update(who, asOther, scene)).toEqual(FORBIDDEN)
    expect(await update(who, { phone: other.phone, wxOpenId: 'wx-change-target' })).toEqual(FORBIDDEN)
    // Nor can the other account use this scene.
    expect(await update(other, { wxOpenId: 'wx-change-target' }, scene)).toMatchObject({
      code: 400,
      message: '当前账号未绑定微信',
    })
    expect(await openidOf(who.memberId)).toBe('wx-change-owner')
  })

  it('needs a bound WeChat to open a change scene', async () => {
    const who = await newMember()
    expect(await server.get('/api/wechat/getBindQrAddress', { token: who.token })).toEqual({
      code: 400,
      message: '当前账号未绑定微信',
      data: null,
    })
  })
})

describe('unBindingWechat', () => {
  const unbind = (who: Who, body: Record<string, unknown> = {}) =>
    server.post(
      '/api/wechat/unBindingWechat',
      { accountId: who.accountId, phone: who.phone, ...body },
      {
        token: who.token,
      },
    )

  it('removes the WeChat (解绑成功, type 9); a second time says none is bound', async () => {
    const who = await boundMember('wx-unbind-1')
    const other = await server.tokenFor(who.phone)
    expect(await unbind(who)).toEqual({ code: 200, message: '解绑成功', data: null })
    expect((await server.get('/api/pc/getPersonalInfo', { token: other })).code).toBe(996)
    expect((await server.get('/api/pc/getPersonalInfo', { token: who.token })).code).toBe(200)
    expect(await openidOf(who.memberId)).toBeNull()
    expect((await logOf(who.accountId))[0]).toMatchObject({ type: 9, status: 0 })
    expect(await unbind(who)).toMatchObject({ code: 400, message: '当前账号未绑定微信' })
    // The openid is free again.
    await boundMember('wx-unbind-1')
  })

  it('another account cannot unbind someone else’s WeChat', async () => {
    const who = await boundMember('wx-unbind-2')
    const intruder = await newMember()
    expect(await unbind(intruder, { accountId: who.accountId, phone: who.phone })).toEqual(FORBIDDEN)
    expect(await unbind(intruder, { phone: who.phone })).toEqual(FORBIDDEN)
    expect(await openidOf(who.memberId)).toBe('wx-unbind-2')
  })

  it('a sub-administrator unbinds its own member’s WeChat, logged on the account it acts in', async () => {
    const sub = await server.login(DEMO.subAdmin)
    const [subMember] = await server.db.select().from(members).where(eq(members.phone, DEMO.subAdmin))
    await server.db.update(members).set({ wxOpenId: 'wx-sub-admin' }).where(eq(members.id, subMember.id))
    const answer = await server.post(
      '/api/wechat/unBindingWechat',
      { accountId: sub.data.accountId, phone: DEMO.subAdmin },
      { token: sub.data.token },
    )
    expect(answer.code).toBe(200)
    const [main] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, DEMO.mainAccount))
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, main.id), eq(operateRecords.type, 9)))
      .orderBy(desc(operateRecords.id))
      .limit(1)
    expect(entry.subAccountId).toBe(sub.data.subAccountId)
  })
})

describe('sensitive changes need a fresh session (SMS re-verification)', () => {
  const action = '绑定、更换、解绑微信'
  const REVERIFY = {
    code: 4031,
    message: '为了您的账号安全，请先完成短信验证',
    data: { method: 'sms', action },
  }
  const RELOGIN = {
    code: 4031,
    message: '为了您的账号安全，请重新登录后再操作',
    data: { method: 'relogin', action },
  }
  const noticesOf = (accountId: number) =>
    server.db.select().from(notices).where(eq(notices.accountId, accountId)).orderBy(desc(notices.id))

  it('a first WeChat (QR or mini-program) needs a session logged in within 10 minutes', async () => {
    const who = await newMember()
    server.clock.advance(11 * 60_000)
    expect(await server.get('/api/wechat/getCodeImg', { token: who.token })).toEqual(REVERIFY)
    const mini = { code: 'sandbox:wx-stale-first' }
    expect(await server.post('/api/wechat/miniBindWechat', mini, { token: who.token })).toEqual(REVERIFY)
    expect(await openidOf(who.memberId)).toBeNull()
    expect(await noticesOf(who.accountId)).toEqual([])

    // Logged in again: the bind goes through, is logged and notified to the account.
    const fresh = { ...who, token: await server.tokenFor(who.phone) }
    const bound = await server.post<{ key: number }>('/api/wechat/miniBindWechat', mini, {
      token: fresh.token,
    })
    expect(bound).toMatchObject({ code: 200, data: { key: 1 } })
    expect(await openidOf(who.memberId)).toBe('wx-stale-first')
    const [entry] = await logOf(who.accountId)
    expect(entry).toMatchObject({ type: 7, status: 0, content: '绑定微信' })
    const [notice] = await noticesOf(who.accountId)
    expect(notice).toMatchObject({ type: 1, title: '账号安全提醒', subAccountId: null })
    expect(notice.content).toContain('绑定新的登录微信')
  })

  it('a member without a phone is told to log in again, not to verify by SMS', async () => {
    const scene = await server.get<Scene>('/api/wechat/getQrAddress?purpose=register')
    await scanAndAnswer(server.app, scene.data.code, 'wx-no-phone-1', 'confirm')
    const login = await server.get<{ token: string }>(`/api/wechat/getTokenByCode?code=${scene.data.code}`, {
      headers: secretOf(scene.data),
    })
    server.clock.advance(11 * 60_000)
    const token = login.data.token
    expect(await server.get('/api/wechat/getBindQrAddress', { token })).toEqual(RELOGIN)
  })

  it('getBindQrAddress, updateWechat and unBindingWechat refuse a session older than 10 minutes', async () => {
    const who = await boundMember('wx-stale-1')
    server.clock.advance(11 * 60_000)
    expect(await server.get('/api/wechat/getBindQrAddress', { token: who.token })).toEqual(REVERIFY)
    expect(await update(who, { jsCode: 'sandbox:wx-stale-2' })).toEqual(REVERIFY)
    const unbound = await server.post(
      '/api/wechat/unBindingWechat',
      { accountId: who.accountId, phone: who.phone },
      { token: who.token },
    )
    expect(unbound).toEqual(REVERIFY)
    expect(await openidOf(who.memberId)).toBe('wx-stale-1')
    // Reading the binding is not such a change.
    expect((await server.get('/api/wechat/checkBindWechat', { token: who.token })).code).toBe(200)
  })
})
