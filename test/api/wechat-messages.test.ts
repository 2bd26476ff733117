// WeChat as a channel of 消息接收管理: an engineer's reply reaches a member who accepted a reminder
// as one subscription message (the mini-program's openid, the detail page, every field within
// WeChat's rules) instead of its SMS; with no acceptance left, or WeChat refusing (43101), the SMS
// goes out instead. Access tokens come from stable_token, one per instance per token lifetime; a
// 40001 costs one forced refresh and one retry.
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import {
  memberWechatIds,
  notificationPreferences,
  wechatSubscriptions,
  workOrders,
} from '../../server/db/schema'
import { addSubscriptions } from '../../server/services/wechat/subscription-quota'
import { DEMO, startTestServer, type TestServer } from './support/harness'
import { FAKE_MINI, FAKE_ORIGIN, TEMPLATE_IDS, fakeWechatMessages } from './support/fake-wechat-messages'
import { multipart } from './support/multipart'
import { deliverSince as deliverOutbox, lastOutboxId as lastOutboxIdOf } from './support/outbox-delivery'

let server: TestServer
let app: FastifyInstance
let wechat: ReturnType<typeof fakeWechatMessages>
const openids = new Set<string>()

const messaging = {
  wechatMini: FAKE_MINI,
  wechatMessaging: {
    templates: { mini: { ...TEMPLATE_IDS }, oa: {} },
    miniprogramState: 'developer' as const,
    apiOrigin: FAKE_ORIGIN,
  },
}

beforeAll(async () => {
  wechat = fakeWechatMessages(
    () => server.clock(),
    () => openids,
  )
  server = await startTestServer(messaging, { wechatHttp: wechat.http })
  app = server.app
}, 120_000)
afterAll(() => server?.close())

let ownerMemberId: number
let accountId: number
let workOrderId: number

beforeAll(async () => {
  // The owner logs in in the mini-program: its openid of that app is recorded.
  const login = await app.inject({
    method: 'POST',
    url: '/api/wechat/miniLogin',
    payload: { code: `sandbox:${DEMO.ownerOpenId}` },
    remoteAddress: '127.0.0.1',
  })
  expect(login.json().code).toBe(200)
  const [seen] = await server.db.select().from(memberWechatIds).where(eq(memberWechatIds.app, 'mini'))
  expect(seen).toMatchObject({ openid: DEMO.ownerOpenId, appId: FAKE_MINI.appId })
  ownerMemberId = seen.memberId
  openids.add(DEMO.ownerOpenId)
  const [order] = await server.db.select().from(workOrders).where(eq(workOrders.status, 0)).limit(1)
  accountId = order.accountId
  workOrderId = order.id
  // 工单进展: SMS and WeChat to the owner.
  await server.db
    .insert(notificationPreferences)
    .values({
      accountId,
      category: 'workOrder',
      audience: { inbox: ['owner'], sms: ['owner'], email: [], wechat: ['owner'] },
      updatedAt: server.clock(),
    })
    .onConflictDoUpdate({
      target: [notificationPreferences.accountId, notificationPreferences.category],
      set: { audience: { inbox: ['owner'], sms: ['owner'], email: [], wechat: ['owner'] } },
    })
})

async function engineerReplies(content: string, on: FastifyInstance = app) {
  const body = multipart([], { workOrderId: String(workOrderId), content })
  const reply = await on.inject({ method: 'POST', url: '/__dev/workorders/reply', ...body })
  expect(reply.json().code).toBe(200)
}

const lastOutboxId = () => lastOutboxIdOf(server.db)
/** Delivers what was queued after `since` through `on` (this app's dispatcher may be at work too). */
const deliverSince = (since: number, on: FastifyInstance = app) =>
  deliverOutbox(server.db, { since, accountId, on, settle: [on, app] })

it('two replies with one acceptance: one subscription message, then the SMS', async () => {
  await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 1, server.clock())
  const before = await lastOutboxId()
  await engineerReplies('您好，首页轮播图的缓存已经清理，请刷新后再看看是否已经恢复正常显示，谢谢您的耐心')
  await engineerReplies('第二次回复')
  const rows = await deliverSince(before)
  expect(rows.map((row) => row.channel)).toEqual(['wechat', 'sms'])
  expect(wechat.sends).toHaveLength(1)
  const [sent] = wechat.sends
  expect(sent).toMatchObject({
    touser: DEMO.ownerOpenId,
    template_id: TEMPLATE_IDS.workOrderReply,
    page: `workorders/pages/detail/index?id=${workOrderId}`,
    miniprogram_state: 'developer',
  })
  for (const [key, { value }] of Object.entries(sent.data))
    if (key.startsWith('thing')) expect([...value].length).toBeLessThanOrEqual(20)
  expect(sent.data.thing3.value.endsWith('…')).toBe(true)
  expect(rows.map((row) => row.status)).toEqual(['sent', 'sent'])
})

it('WeChat refusing (43101) empties the acceptances and sends the SMS instead', async () => {
  await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 2, server.clock())
  const before = await lastOutboxId()
  wechat.answerNext(43101)
  await engineerReplies('又一次回复')
  const rows = await deliverSince(before)
  expect(rows.map((row) => [row.channel, row.status])).toEqual([
    ['wechat', 'failed'],
    ['sms', 'sent'],
  ])
  const [quota] = await server.db
    .select()
    .from(wechatSubscriptions)
    .where(
      and(
        eq(wechatSubscriptions.memberId, ownerMemberId),
        eq(wechatSubscriptions.template, 'workOrderReply'),
      ),
    )
  expect(quota.remaining).toBe(0)
})

it('a field WeChat refuses (47003) is logged as our fault and not retried', async () => {
  await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 1, server.clock())
  const before = await lastOutboxId()
  wechat.answerNext(47003)
  await engineerReplies('字段被拒绝')
  const rows = await deliverSince(before)
  expect(rows.map((row) => [row.channel, row.status, row.lastError])).toEqual([
    ['wechat', 'failed', 'wechat 47003'],
  ])
})

describe('access tokens', () => {
  it('two instances fetch one token each per lifetime, and never force a refresh', async () => {
    const second = await server.buildVariant({}, { wechatHttp: wechat.http })
    wechat.tokenCalls.length = 0
    for (const instance of [app, second]) {
      await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 2, server.clock())
      const before = await lastOutboxId()
      await engineerReplies('令牌一', instance)
      await engineerReplies('令牌二', instance)
      await deliverSince(before, instance)
    }
    expect(wechat.tokenCalls.length).toBeLessThanOrEqual(2)
    expect(wechat.tokenCalls.every((call) => !call.force)).toBe(true)
    // Past expires_in − 300 s each instance asks again, still without forcing.
    server.clock.advance(7_000_000)
    await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 1, server.clock())
    const before = await lastOutboxId()
    await engineerReplies('令牌三')
    await deliverSince(before)
    expect(wechat.tokenCalls.filter((call) => !call.force).length).toBeGreaterThan(0)
    expect(wechat.tokenCalls.some((call) => call.force)).toBe(false)
  })

  it('a 40001 makes one forced refresh and one retry', async () => {
    await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 1, server.clock())
    const before = await lastOutboxId()
    const sent = wechat.sends.length
    wechat.tokenCalls.length = 0
    wechat.answerNext(40001)
    await engineerReplies('令牌失效')
    const rows = await deliverSince(before)
    expect(rows.map((row) => [row.channel, row.status, row.lastError])).toEqual([['wechat', 'sent', null]])
    // One forced refresh (another instance's dispatcher may also fetch its own expired token, unforced).
    expect(wechat.tokenCalls.filter((call) => call.force)).toHaveLength(1)
    expect(wechat.sends.length).toBe(sent + 1)
  })
})
