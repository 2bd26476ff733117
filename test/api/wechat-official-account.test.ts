// WeChat's browser: the official account's one-time subscription. wx.config's signature for the
// console's own pages (the jsapi_ticket fetched once per lifetime with the official account's token),
// an acceptance recorded for app 'oa', and the message sent with bizsend to the official account's
// openid, opening the console's web page; the mini-program's acceptance is used first. Also the two
// templates the notifier sends besides the work-order progress ones: 产品到期 from the renewal
// reminders and 工单完结 when a work order is confirmed complete.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { RENEWAL_MODE } from '../../src/core/contract/renewal'
import type { JssdkConfig, Subscriptions } from '../../src/core/contract/wechat-messages'
import { businesses, members, notices, notificationPreferences, workOrders } from '../../server/db/schema'
import { addSubscriptions } from '../../server/services/wechat/subscription-quota'
import { recordWechatId } from '../../server/services/wechat/wechat-ids'
import { DEMO, startTestServer, type TestServer } from './support/harness'
import {
  FAKE_MINI,
  FAKE_OA,
  FAKE_ORIGIN,
  TEMPLATE_IDS,
  fakeWechatMessages,
} from './support/fake-wechat-messages'
import { multipart } from './support/multipart'
import { deliverSince as deliverOutbox, lastOutboxId as lastOutboxIdOf } from './support/outbox-delivery'

const OA_OPENID = 'oa-openid-of-the-owner'

let server: TestServer
let app: FastifyInstance
let wechat: ReturnType<typeof fakeWechatMessages>
let token: string
let ownerMemberId: number
let accountId: number
const miniOpenids = new Set<string>()

beforeAll(async () => {
  wechat = fakeWechatMessages(
    () => server.clock(),
    () => miniOpenids,
    () => new Set([OA_OPENID]),
  )
  server = await startTestServer(
    {
      wechatMini: FAKE_MINI,
      wechatOauth: FAKE_OA,
      wechatMessaging: {
        templates: { mini: { ...TEMPLATE_IDS }, oa: { ...TEMPLATE_IDS } },
        miniprogramState: 'developer',
        apiOrigin: FAKE_ORIGIN,
      },
    },
    { wechatHttp: wechat.http },
  )
  app = server.app
  const login = await app.inject({
    method: 'POST',
    url: '/api/wechat/miniLogin',
    payload: { code: `sandbox:${DEMO.ownerOpenId}` },
    remoteAddress: '127.0.0.1',
  })
  expect(login.json().code).toBe(200)
  token = login.json().data.token
  const [order] = await server.db.select().from(workOrders).where(eq(workOrders.status, 0)).limit(1)
  accountId = order.accountId
  const [owner] = await server.db.select().from(members).where(eq(members.wxOpenId, DEMO.ownerOpenId))
  ownerMemberId = owner.id
  // The owner also used the console in WeChat's browser: the official account's openid is known.
  await recordWechatId(
    server.db,
    ownerMemberId,
    { app: 'oa', appId: FAKE_OA.appId, openid: OA_OPENID },
    server.clock(),
  )
  for (const category of ['workOrder', 'renewal'])
    await server.db
      .insert(notificationPreferences)
      .values({
        accountId,
        category,
        audience: { inbox: ['owner'], sms: ['owner'], email: [], wechat: ['owner'] },
        updatedAt: server.clock(),
      })
      .onConflictDoUpdate({
        target: [notificationPreferences.accountId, notificationPreferences.category],
        set: { audience: { inbox: ['owner'], sms: ['owner'], email: [], wechat: ['owner'] } },
      })
}, 120_000)
afterAll(() => server?.close())

const lastOutboxId = () => lastOutboxIdOf(server.db)
const deliverSince = (since: number) => deliverOutbox(server.db, { since, accountId, on: app })

async function openWorkOrder(): Promise<number> {
  const [order] = await server.db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.accountId, accountId), inArray(workOrders.status, [0, 2, 5])))
    .limit(1)
  return order.id
}

async function engineerReplies(workOrderId: number, content: string) {
  const body = multipart([], { workOrderId: String(workOrderId), content })
  const reply = await app.inject({ method: 'POST', url: '/__dev/workorders/reply', ...body })
  expect(reply.json().code).toBe(200)
}

describe('wx.config for the console pages: GET /api/app/wechat/jssdkConfig', () => {
  const page = 'http://localhost:80/workOrderDetail?id=5'

  it('signs the page (without its #fragment) with the jsapi_ticket, fetched once per lifetime', async () => {
    const before = wechat.ticketCalls.length
    const first = await server.get<JssdkConfig>(
      `/api/app/wechat/jssdkConfig?url=${encodeURIComponent(`${page}#reply`)}`,
      { token },
    )
    expect(first.code).toBe(200)
    expect(first.data).toMatchObject({ appId: FAKE_OA.appId, openTagList: ['wx-open-subscribe'] })
    const ticket = `TICKET-${wechat.ticketCalls.length}`
    const { nonceStr, timestamp, signature } = first.data
    const signed = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`
    expect(signature).toBe(createHash('sha1').update(signed).digest('hex'))
    const second = await server.get<JssdkConfig>(
      `/api/app/wechat/jssdkConfig?url=${encodeURIComponent(page)}`,
      {
        token,
      },
    )
    expect(second.data.nonceStr).not.toBe(nonceStr)
    expect(wechat.ticketCalls.length).toBe(before + 1)
    // The ticket was asked for with the official account's token, not the mini-program's.
    expect(wechat.ticketCalls.at(-1)).toMatch(/^TOKEN-oa-/)
  })

  it.each([
    ['another site', 'https://evil.example/workOrderDetail'],
    ['not an address', 'workOrderDetail'],
    ['another port', 'http://localhost:8081/renewal'],
  ])('refuses %s with 页面地址无效', async (_case, url) => {
    expect(await server.get(`/api/app/wechat/jssdkConfig?url=${encodeURIComponent(url)}`, { token })).toEqual(
      {
        code: 400,
        message: '页面地址无效',
        data: null,
      },
    )
  })

  it('answers only a signed-in member', async () => {
    const answer = await server.get(`/api/app/wechat/jssdkConfig?url=${encodeURIComponent(page)}`)
    expect(answer.code).toBe(996)
  })
})

describe("the official account's one-time subscription", () => {
  it('records an acceptance for app oa and the member can receive there', async () => {
    const saved = await server.post<Subscriptions>(
      '/api/app/wechat/subscriptions',
      { app: 'oa', answers: { workOrderReply: 'accept' } },
      { token },
    )
    expect(saved.code).toBe(200)
    expect(saved.data.canReceive).toBe(true)
    expect(saved.data.templates.find((t) => t.template === 'workOrderReply')).toMatchObject({
      templateId: TEMPLATE_IDS.workOrderReply,
      remaining: 1,
    })
  })

  it('a reply goes by bizsend to the official account openid, opening the web page, once', async () => {
    const workOrderId = await openWorkOrder()
    const before = await lastOutboxId()
    const sent = wechat.bizsends.length
    await engineerReplies(workOrderId, '已为您处理完毕，请刷新页面查看')
    await engineerReplies(workOrderId, '第二次回复')
    const rows = await deliverSince(before)
    expect(rows.map((row) => row.channel)).toEqual(['wechat', 'sms'])
    expect(wechat.bizsends.slice(sent)).toHaveLength(1)
    const [message] = wechat.bizsends.slice(sent)
    expect(message).toMatchObject({ touser: OA_OPENID, template_id: TEMPLATE_IDS.workOrderReply })
    // The console's own address (PUBLIC_ORIGIN, here the sandbox's), not a mini-program page.
    expect(message.page).toMatch(new RegExp(`^http://localhost:\\d+/workOrderDetail\\?id=${workOrderId}$`))
    expect(message).not.toHaveProperty('miniprogram_state')
  })

  it('uses the mini-program acceptance first when the member has both', async () => {
    miniOpenids.add(DEMO.ownerOpenId)
    await addSubscriptions(server.db, ownerMemberId, 'mini', 'workOrderReply', 1, server.clock())
    await addSubscriptions(server.db, ownerMemberId, 'oa', 'workOrderReply', 1, server.clock())
    const workOrderId = await openWorkOrder()
    const before = await lastOutboxId()
    const [mini, oa] = [wechat.sends.length, wechat.bizsends.length]
    await engineerReplies(workOrderId, '第一条')
    await engineerReplies(workOrderId, '第二条')
    await deliverSince(before)
    expect(wechat.sends.length - mini).toBe(1)
    expect(wechat.bizsends.length - oa).toBe(1)
    expect(wechat.sends.at(-1)!.page).toBe(`workorders/pages/detail/index?id=${workOrderId}`)
  })
})

describe('the other templates', () => {
  it('an expiry reminder reaches WeChat with the renewal page instead of the SMS', async () => {
    miniOpenids.add(DEMO.ownerOpenId)
    await addSubscriptions(server.db, ownerMemberId, 'mini', 'expiry', 1, server.clock())
    await server.db.insert(businesses).values({
      accountId,
      orderCode: 'MCWX0000000001',
      skuId: 'site-standard',
      secondDomain: 'wechat-expiry.example.cn',
      websiteName: '一个名字很长很长很长很长很长很长的企业官方网站',
      productName: '企业官网',
      productVersion: '标准版',
      productType: 1,
      status: 1,
      renewalMode: RENEWAL_MODE.remind,
      expireTime: new Date('2031-06-10T10:00:00+08:00'),
      createdAt: server.clock(),
    })
    const before = await lastOutboxId()
    const sent = wechat.sends.length
    expect((await server.post('/__dev/reminders/run', { date: '2031-06-08' })).code).toBe(200)
    const rows = await deliverSince(before)
    expect(rows.map((row) => row.channel)).toEqual(['wechat'])
    const [message] = wechat.sends.slice(sent)
    expect(message).toMatchObject({
      touser: DEMO.ownerOpenId,
      template_id: TEMPLATE_IDS.expiry,
      page: 'pages/renewal/index',
    })
    expect(message.data.thing1.value).toBe('一个名字很长很长很长很长很长很长的企业…')
    expect(message.data.time2.value).toBe('2031-06-10 10:00')
    expect(message.data.thing3.value).toBe('剩余 2 天，请及时续费')
  })

  it('a work order confirmed complete sends the 工单完结 template, opening the detail to rate it', async () => {
    miniOpenids.add(DEMO.ownerOpenId)
    await addSubscriptions(server.db, ownerMemberId, 'mini', 'closed', 1, server.clock())
    const workOrderId = await openWorkOrder()
    const status = await app.inject({
      method: 'POST',
      url: '/__dev/workorders/status',
      payload: { id: workOrderId, status: 1 },
    })
    expect(status.json().code).toBe(200)
    const before = await lastOutboxId()
    const sent = wechat.sends.length
    const confirmed = await server.post(
      '/api/acWorkOrder/closeWorkOrder',
      { id: workOrderId, isClose: 0 },
      { token },
    )
    expect(confirmed.code).toBe(200)
    await deliverSince(before)
    const [message] = wechat.sends.slice(sent)
    expect(message).toMatchObject({
      template_id: TEMPLATE_IDS.closed,
      page: `workorders/pages/detail/index?id=${workOrderId}`,
    })
    expect(message.data.phrase3.value).toBe('已完成')
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(eq(notices.accountId, accountId))
      .orderBy(desc(notices.id))
      .limit(1)
    expect(notice.title).toBe('工单已完成，欢迎评价')
  })

  it('closing with a reason tells nobody: the member who closed it knows, and it cannot be rated', async () => {
    const workOrderId = await openWorkOrder()
    const before = await lastOutboxId()
    const closed = await server.post(
      '/api/acWorkOrder/closeWorkOrder',
      { id: workOrderId, isClose: 1, closeReason: '自己已解决' },
      { token },
    )
    expect(closed.code).toBe(200)
    expect(await deliverSince(before)).toEqual([])
  })
})
