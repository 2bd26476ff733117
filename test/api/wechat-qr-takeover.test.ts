// A forwarded WeChat QR link must not take over an account. In production the
// desktop login QR and the bind QR are WeChat's OAuth consent page; here a fake WeChat issues the
// codes its consent page would (support/fake-wechat.ts) and the phone's browser is played by
// support/wechat-phone.ts. The attacker creates the scene and forwards its link; the victim opens it.
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { members, notices, sessions } from '../../server/db/schema'
import { fakeWechat, productionWithFakeWechat } from './support/fake-wechat'
import { DEMO, useTestServer } from './support/harness'
import { answerQr, scanQr } from './support/wechat-phone'

const EXPIRED_QR = { code: 989, message: '二维码已失效，请刷新二维码', data: null }
const CANCELLED_QR = { code: 989, message: '已在手机上取消，请刷新二维码', data: null }
const ATTACKER_IP = '203.0.113.66'
const ATTACKER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'

interface Scene {
  code: string
  url: string
  expiresIn: number
  secret: string
}

const server = useTestServer()
let production: FastifyInstance
const wechat = fakeWechat()
let issued = 0

beforeAll(async () => {
  production = await productionWithFakeWechat(server, wechat)
}, 60_000)

/** A call on the production app from the attacker's computer. */
async function call<T = unknown>(url: string, options: { token?: string; secret?: string } = {}) {
  const response = await production.inject({
    method: 'GET',
    url,
    remoteAddress: ATTACKER_IP,
    headers: {
      'user-agent': ATTACKER_AGENT,
      ...(options.token ? { token: options.token } : {}),
      ...(options.secret !== undefined ? { 'x-scene-secret': options.secret } : {}),
    },
  })
  return response.json() as { code: number; message: string; data: T }
}

/** The victim taps the forwarded link: WeChat's consent page sends its code back to our callback. */
const victimOpens = (scene: Scene, openid: string) => {
  const state = new URL(scene.url).searchParams.get('state')!
  expect(state).toBe(`s${scene.code}`)
  return scanQr(production, scene.code, wechat.issue(`oa-victim-${issued++}`, openid))
}

const pollLogin = (scene: Scene, secret?: string) =>
  call<{ status: string; token?: string; accountId?: number }>(
    `/api/wechat/getTokenByCode?code=${scene.code}`,
    { secret },
  )

const sessionsOf = async (memberId: number) =>
  (await server.db.select().from(sessions).where(eq(sessions.memberId, memberId))).length

const victimMember = async () =>
  (await server.db.select().from(members).where(eq(members.wxOpenId, DEMO.ownerOpenId)))[0]

describe('a forwarded desktop login QR', () => {
  it('yields no session without 确认; after 确认 only the creator polling with its secret logs in', async () => {
    const scene = (await call<Scene>('/api/wechat/getQrAddress?purpose=login')).data
    const victim = await victimMember()
    const before = await sessionsOf(victim.id)

    const page = await victimOpens(scene, DEMO.ownerOpenId)
    // The phone is told what it would approve, for which computer, from where and when.
    expect(page.body).toContain('在电脑上登录会员中心')
    expect(page.body).toContain('Safari · macOS')
    expect(page.body).toContain(ATTACKER_IP)
    expect(page.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
    expect(page.body).toContain('<form method="post" action="/wechat/oauth/confirm">')
    expect(page.formToken).toEqual(expect.any(String))

    // Opening the link approved nothing: the attacker's polls, with or without the secret, get no token.
    expect(await pollLogin(scene, scene.secret)).toEqual({
      code: 200,
      message: '操作成功',
      data: { status: 'scanned' },
    })
    expect(await pollLogin(scene)).toEqual(EXPIRED_QR)
    expect(await pollLogin(scene, 'guessed-secret')).toEqual(EXPIRED_QR)
    expect(await sessionsOf(victim.id)).toBe(before)

    // 确认 on the phone: a poll without the creator's secret still gets nothing, the creator's does.
    expect(await answerQr(production, page.formToken!, 'confirm')).toContain('已确认，请回到电脑端')
    expect(await pollLogin(scene)).toEqual(EXPIRED_QR)
    const login = await pollLogin(scene, scene.secret)
    expect(login).toMatchObject({ code: 200, message: '登录成功', data: { status: 'confirmed' } })
    expect(login.data.token).toEqual(expect.any(String))
    expect(await sessionsOf(victim.id)).toBe(before + 1)
    expect(await pollLogin(scene, scene.secret)).toEqual(EXPIRED_QR)

    // The login is a 账号安全提醒 to the account, naming the computer's browser and address.
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(eq(notices.accountId, login.data.accountId!))
      .orderBy(desc(notices.id))
      .limit(1)
    expect(notice).toMatchObject({ type: 1, title: '账号安全提醒', subAccountId: null })
    expect(notice.content).toContain('通过微信扫码在电脑上登录')
    expect(notice.content).toContain(ATTACKER_IP)
  })

  it('取消 ends the scene: the desktop is told, and the form cannot confirm afterwards', async () => {
    const scene = (await call<Scene>('/api/wechat/getQrAddress')).data
    const page = await victimOpens(scene, DEMO.ownerOpenId)
    expect(await answerQr(production, page.formToken!, 'cancel')).toContain('已取消')
    expect(await pollLogin(scene, scene.secret)).toEqual(CANCELLED_QR)
    expect(await answerQr(production, page.formToken!, 'confirm')).toContain('二维码已失效')
    expect(await pollLogin(scene, scene.secret)).toEqual(CANCELLED_QR)
  })

  it('a one-time form token cannot be replayed, nor can a stale one after a new scan', async () => {
    const scene = (await call<Scene>('/api/wechat/getQrAddress')).data
    const first = await victimOpens(scene, DEMO.ownerOpenId)
    // Opening the link again shows a new form; the first page's token is dead.
    const second = await victimOpens(scene, DEMO.ownerOpenId)
    expect(second.formToken).not.toBe(first.formToken)
    expect(await answerQr(production, first.formToken!, 'confirm')).toContain('二维码已失效')
    expect((await pollLogin(scene, scene.secret)).data).toEqual({ status: 'scanned' })
    expect(await answerQr(production, second.formToken!, 'confirm')).toContain('已确认，请回到电脑端')
    expect(await answerQr(production, second.formToken!, 'confirm')).toContain('二维码已失效')
    expect(await answerQr(production, second.formToken!, 'cancel')).toContain('二维码已失效')
    expect((await pollLogin(scene, scene.secret)).data).toMatchObject({ status: 'confirmed' })
  })

  it('asks WeChat nothing for an unknown or expired scene (the scene is looked up first)', async () => {
    const calls = wechat.calls.length
    const unknown = await scanQr(production, '0'.repeat(32), wechat.issue('oa-unknown', DEMO.ownerOpenId))
    expect(unknown.body).toContain('二维码已失效')
    expect(unknown.formToken).toBeNull()
    const scene = (await call<Scene>('/api/wechat/getQrAddress')).data
    server.clock.advance(121_000)
    const late = await victimOpens(scene, DEMO.ownerOpenId)
    expect(late.body).toContain('二维码已失效')
    expect(wechat.calls.length).toBe(calls)
  })
})

describe('a forwarded bind QR', () => {
  let created = 0
  /** The attacker's own account (a phone, no WeChat yet), logged in just now. */
  async function attackerAccount() {
    const phone = `1360000${String(1000 + created++).slice(-4)}`
    const made = await server.post<{ memberId: number }>('/__dev/members', { phone, password: 'Demo@12345' })
    const login = await server.login(phone)
    return { phone, memberId: made.data.memberId, ...login.data }
  }
  const openidOf = async (memberId: number) =>
    (await server.db.select().from(members).where(eq(members.id, memberId)))[0].wxOpenId
  const pollBind = (who: { accountId: number; token: string }, scene: Scene, secret?: string) =>
    call<{ key: number; scanned: boolean }>(
      `/api/wechat/isUserBind?userId=${who.accountId}&code=${scene.code}`,
      { token: who.token, secret },
    )

  it('names the account it would bind to and binds nothing without 确认; 取消 ends it', async () => {
    const attacker = await attackerAccount()
    const scene = (await call<Scene>('/api/wechat/getCodeImg', { token: attacker.token })).data
    const page = await victimOpens(scene, 'oVictimWechat')
    expect(page.body).toContain(`将此微信绑定到账号 136****${attacker.phone.slice(-4)}`)
    expect(page.body).toContain(ATTACKER_IP)

    expect((await pollBind(attacker, scene, scene.secret)).data).toEqual({ key: 2, scanned: true })
    expect(await pollBind(attacker, scene)).toEqual(EXPIRED_QR)
    expect(await openidOf(attacker.memberId)).toBeNull()

    expect(await answerQr(production, page.formToken!, 'cancel')).toContain('已取消')
    expect(await pollBind(attacker, scene, scene.secret)).toEqual(CANCELLED_QR)
    expect(await answerQr(production, page.formToken!, 'confirm')).toContain('二维码已失效')
    expect(await openidOf(attacker.memberId)).toBeNull()
  })

  it('binds after 确认 for the creator polling with its secret only, with a 账号安全提醒', async () => {
    const owner = await attackerAccount()
    const scene = (await call<Scene>('/api/wechat/getCodeImg', { token: owner.token })).data
    const page = await victimOpens(scene, 'oOwnWechat')
    expect(await answerQr(production, page.formToken!, 'confirm')).toContain('已确认，请回到电脑端')
    expect(await answerQr(production, page.formToken!, 'confirm')).toContain('二维码已失效')
    expect(await pollBind(owner, scene)).toEqual(EXPIRED_QR)
    expect(await pollBind(owner, scene, 'guessed-secret')).toEqual(EXPIRED_QR)
    expect(await openidOf(owner.memberId)).toBeNull()
    expect(await pollBind(owner, scene, scene.secret)).toMatchObject({ code: 200, data: { key: 1 } })
    expect(await openidOf(owner.memberId)).toBe('oOwnWechat')
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, owner.accountId), eq(notices.type, 1)))
      .orderBy(desc(notices.id))
    expect(notice).toMatchObject({ title: '账号安全提醒' })
    expect(notice.content).toContain('绑定新的登录微信')
  })
})
