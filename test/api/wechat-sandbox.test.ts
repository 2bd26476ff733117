// In development WeChat's message API is a sandbox: each subscription message is recorded and
// GET /__dev/wechat/messages lists them (the sandbox's own template ids stand in for WeChat's).
import { eq } from 'drizzle-orm'
import { outbox, workOrders } from '../../server/db/schema'
import { WECHAT_API_ORIGIN } from '../../server/config/wechat'
import { addSubscriptions } from '../../server/services/wechat/subscription-quota'
import { DEMO, useTestServer } from './support/harness'
import { multipart } from './support/multipart'

const server = useTestServer({
  wechatMessaging: {
    templates: { mini: { workOrderReply: 'sandbox-workOrderReply' }, oa: {} },
    miniprogramState: 'developer',
    apiOrigin: WECHAT_API_ORIGIN,
  },
})

it('records what it sends and lists it', async () => {
  const login = await server.post<{ token: string }>('/api/wechat/miniLogin', {
    code: `sandbox:${DEMO.ownerOpenId}`,
  })
  expect(login.code).toBe(200)
  const me = await server.get<{ memberId: number }>('/api/pc/getPersonalInfo', { token: login.data.token })
  await addSubscriptions(server.db, me.data.memberId, 'mini', 'workOrderReply', 1, server.clock())
  const [order] = await server.db.select().from(workOrders).where(eq(workOrders.status, 0)).limit(1)
  const body = multipart([], { workOrderId: String(order.id), content: '沙箱里的回复' })
  expect(
    (await server.app.inject({ method: 'POST', url: '/__dev/workorders/reply', ...body })).json().code,
  ).toBe(200)
  for (const row of await server.db.select().from(outbox).where(eq(outbox.channel, 'wechat')))
    await server.app.outbox.attempt(row.id)
  await server.app.outbox.settle()

  const listed = await server.get<
    { touser: string; templateId: string; page: string; data: Record<string, string> }[]
  >(`/__dev/wechat/messages?openid=${DEMO.ownerOpenId}`)
  expect(listed.data).toHaveLength(1)
  expect(listed.data[0]).toMatchObject({
    touser: DEMO.ownerOpenId,
    templateId: 'sandbox-workOrderReply',
    page: `workorders/pages/detail/index?id=${order.id}`,
    data: { thing3: '沙箱里的回复' },
  })
  expect((await server.get<unknown[]>('/__dev/wechat/messages?openid=nobody')).data).toEqual([])
})
