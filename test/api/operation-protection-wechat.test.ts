// 操作保护 by WeChat confirmation: a stale session's request is confirmed in the mini-program by the
// member's own bound WeChat (a wx.login code jscode2session names), seen only by that member, used
// once by the session that asked; a forwarded QR confirms nothing for anyone else. Every protected
// route's refusal names its action.
import { eq } from 'drizzle-orm'
import { members } from '../../server/db/schema'
import { ANY_PROTECTED_ACTION } from '../../server/services/account/wechat-reverify'
import {
  REVERIFY_CODE,
  REVERIFY_WECHAT_REQUIRED,
  WECHAT_REVERIFY_MSG,
  WECHAT_REVERIFY_QR_PREFIX,
  type WechatReverifyTicket,
} from '../../src/core/contract/fresh-session'
import { PROTECTED_ACTIONS } from '../../src/core/contract/operation-protection'
import { DEMO, DEMO_PASSWORD, useTestServer } from './support/harness'
import { isSandboxRoute, routesOf } from './support/route-table'

jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())

const server = useTestServer()
const SETTING = '/api/app/account/operationProtection'
const REQUEST = '/api/app/account/reverify/wechat'
const DETAILS = `${REQUEST}/details`
const ANSWER = `${REQUEST}/answer`
/** A protected action with no other effect on the member: ending its other sessions. */
const PROTECTED = '/api/app/account/loginDevices/signOutOthers'
const MINUTE = 60_000
const OWNER_WECHAT = `sandbox:${DEMO.ownerOpenId}`

let owner: string
beforeAll(async () => {
  owner = await server.tokenFor(DEMO.owner)
  expect(await server.post(SETTING, { method: 'wechat', windowMinutes: 5 }, { token: owner })).toMatchObject({
    code: 200,
  })
  server.clock.advance(6 * MINUTE)
})

const start = async (token: string, action = '退出登录设备') => {
  const answer = await server.post<WechatReverifyTicket>(REQUEST, { action }, { token })
  expect(answer.code).toBe(200)
  return answer.data
}
const poll = (token: string, code: string) => server.get(`${REQUEST}?code=${code}`, { token })
const answerAs = (token: string, code: string, answer: 'confirm' | 'cancel', jsCode = OWNER_WECHAT) =>
  server.post(ANSWER, { code, jsCode, answer }, { token })

it('is offered once a WeChat is bound, and a stale session is told to confirm the named action', async () => {
  expect((await server.get(SETTING, { token: owner })).data).toMatchObject({
    method: 'wechat',
    wechatAvailable: true,
  })
  expect(await server.post(PROTECTED, {}, { token: owner })).toEqual({
    code: REVERIFY_CODE,
    message: REVERIFY_WECHAT_REQUIRED,
    data: { method: 'wechat', action: '退出登录设备' },
  })
  const other = await server.tokenFor(DEMO.otherOwner)
  expect(await server.post(SETTING, { method: 'wechat', windowMinutes: 10 }, { token: other })).toMatchObject(
    {
      code: 400,
      message: '请先绑定微信',
    },
  )
  expect(await server.post(REQUEST, {}, { token: other })).toMatchObject({
    code: 400,
    message: WECHAT_REVERIFY_MSG.notWechatMethod,
  })
})

it('the bound WeChat confirms in the mini-program; the asking session takes it once and is fresh', async () => {
  const ticket = await start(owner)
  expect(ticket.qrText).toBe(`${WECHAT_REVERIFY_QR_PREFIX}${ticket.code}`)
  expect((await poll(owner, ticket.code)).data).toEqual({ status: 'waiting' })

  const phone = await server.tokenFor(DEMO.owner)
  expect((await server.get(`${DETAILS}?code=${ticket.code}`, { token: phone })).data).toMatchObject({
    action: '退出登录设备',
    ip: expect.any(String),
    browser: expect.any(String),
    requestedAt: expect.any(String),
  })
  // Only the session that asked may take the confirmation.
  expect((await poll(phone, ticket.code)).code).toBe(404)

  expect(await answerAs(phone, ticket.code, 'confirm')).toMatchObject({ code: 200, message: '已确认' })
  expect((await poll(owner, ticket.code)).data).toEqual({ status: 'confirmed' })
  expect(await poll(owner, ticket.code)).toMatchObject({ code: 404, message: WECHAT_REVERIFY_MSG.notFound })
  expect((await answerAs(phone, ticket.code, 'confirm')).code).toBe(404)
  expect((await server.post(PROTECTED, {}, { token: owner })).code).toBe(200)
})

it('a forwarded QR confirms nothing: another member, or another WeChat, is refused and the request waits', async () => {
  const asker = await server.tokenFor(DEMO.owner)
  server.clock.advance(6 * MINUTE)
  const ticket = await start(asker)

  const stranger = await server.tokenFor(DEMO.otherOwner)
  expect(await server.get(`${DETAILS}?code=${ticket.code}`, { token: stranger })).toMatchObject({
    code: 400,
    message: WECHAT_REVERIFY_MSG.notYours,
  })
  expect(await answerAs(stranger, ticket.code, 'confirm', 'sandbox:wx-stranger')).toMatchObject({
    code: 400,
    message: WECHAT_REVERIFY_MSG.notYours,
  })
  expect(await answerAs(stranger, ticket.code, 'cancel')).toMatchObject({ code: 400 })

  const phone = await server.tokenFor(DEMO.owner)
  expect(await answerAs(phone, ticket.code, 'confirm', 'sandbox:wx-someone-else')).toMatchObject({
    code: 400,
    message: WECHAT_REVERIFY_MSG.wrongWechat,
  })
  expect((await answerAs(phone, ticket.code, 'confirm', '')).code).toBe(400)
  expect((await poll(asker, ticket.code)).data).toEqual({ status: 'waiting' })
  expect((await server.post(PROTECTED, {}, { token: asker })).code).toBe(REVERIFY_CODE)
})

it('取消 ends the request; a newer request ends the older; a QR lives two minutes', async () => {
  const asker = await server.tokenFor(DEMO.owner)
  server.clock.advance(6 * MINUTE)
  const phone = await server.tokenFor(DEMO.owner)

  const cancelled = await start(asker)
  expect(await answerAs(phone, cancelled.code, 'cancel', '')).toMatchObject({ code: 200, message: '已取消' })
  expect((await poll(asker, cancelled.code)).data).toEqual({ status: 'cancelled' })
  expect((await answerAs(phone, cancelled.code, 'confirm')).code).toBe(404)

  const older = await start(asker)
  const newer = await start(asker, 'not an action')
  expect((await poll(asker, older.code)).data).toEqual({ status: 'cancelled' })
  expect((await server.get(`${DETAILS}?code=${newer.code}`, { token: phone })).data).toMatchObject({
    action: ANY_PROTECTED_ACTION,
  })

  server.clock.advance(2 * MINUTE + 1000)
  expect((await poll(asker, newer.code)).data).toEqual({ status: 'expired' })
  expect((await answerAs(phone, newer.code, 'confirm')).code).toBe(404)
  expect((await server.post(PROTECTED, {}, { token: asker })).code).toBe(REVERIFY_CODE)
})

it('without the bound WeChat the setting falls back to SMS', async () => {
  await server.db.update(members).set({ wxOpenId: null }).where(eq(members.phone, DEMO.owner))
  try {
    const token = await server.tokenFor(DEMO.owner)
    expect((await server.get(SETTING, { token })).data).toMatchObject({
      method: 'sms',
      wechatAvailable: false,
    })
    server.clock.advance(6 * MINUTE)
    expect(await server.post(PROTECTED, {}, { token })).toMatchObject({ data: { method: 'sms' } })
  } finally {
    await server.db.update(members).set({ wxOpenId: DEMO.ownerOpenId }).where(eq(members.phone, DEMO.owner))
  }
})

it("every protected route's refusal names one of the listed actions", async () => {
  let phone = 13600000800
  const staleToken = async () => {
    phone += 1
    expect(
      (await server.post('/__dev/members', { phone: String(phone), password: DEMO_PASSWORD })).code,
    ).toBe(200)
    const token = await server.tokenFor(String(phone))
    server.clock.advance(11 * MINUTE)
    return token
  }
  let token = await staleToken()
  const refused: Record<string, unknown> = {}
  for (const route of routesOf(server.app).filter((r) => !isSandboxRoute(r))) {
    const url = route.url.replace(/:(\w+)/g, 'x')
    if (/logout|loginOut/i.test(url)) continue
    const headers = { token }
    const response = await server.app.inject(
      route.method === 'GET'
        ? { method: 'GET', url, headers }
        : { method: 'POST', url, headers, payload: {} },
    )
    const envelope = String(response.headers['content-type']).includes('json') ? response.json() : null
    if (envelope?.code === 996) token = await staleToken()
    if (envelope?.code === REVERIFY_CODE) refused[route.url] = envelope.data?.action
  }
  expect(Object.keys(refused).length).toBeGreaterThanOrEqual(16)
  for (const [url, action] of Object.entries(refused)) {
    expect([url, PROTECTED_ACTIONS.includes(action as never)]).toEqual([url, true])
  }
})
