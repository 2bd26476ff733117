// Calls the spec names at a second path (doc2 §7): GET /api/feignOrder/getOrderInfo (the order
// info with originalAmount, beside /api/pc/getOrderInfo) and GET /api/pc/checkBindWechat (listed
// under /api/pc; the console's WeChat dialogs call the /api/wechat spelling). Each answers exactly
// as the other path, with the same ownership: another account's order is a missing one (508).
import { and, eq } from 'drizzle-orm'
import type { OrderInfo } from '../../src/core/contract/checkout'
import { DEMO_UNPAID_RENEWAL } from '../../server/seed/products'
import { accounts, orders } from '../../server/db/schema'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let subAdmin: string
let otherOwner: string

beforeAll(async () => {
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

const MISSING = { code: 508, message: '订单不存在', data: null }
const FEIGN = '/api/feignOrder/getOrderInfo'

/** An order code of demo_other (云帆贸易). */
async function otherAccountsOrder(): Promise<string> {
  const [account] = await server.db
    .select()
    .from(accounts)
    .where(eq(accounts.memberAccount, DEMO.otherAccount))
  const [order] = await server.db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, account.id)))
  return order.orderCode
}

describe('GET /api/feignOrder/getOrderInfo', () => {
  it('answers as /api/pc/getOrderInfo, with originalAmount beside the amount paid', async () => {
    const info = await server.get<OrderInfo>(`${FEIGN}?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: owner })
    expect(info.code).toBe(200)
    expect(info.data).toMatchObject({ orderCode: DEMO_UNPAID_RENEWAL })
    expect(info.data.originalAmount).toMatch(/^\d+\.\d{2}$/)
    expect(info.data.totalAmount).toMatch(/^\d+\.\d{2}$/)
    expect(info).toEqual(
      await server.get(`/api/pc/getOrderInfo?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: owner }),
    )
  })

  it("answers another account's order exactly as a missing one, both ways", async () => {
    const foreign = await otherAccountsOrder()
    expect(await server.get(`${FEIGN}?orderCode=${foreign}`, { token: owner })).toEqual(MISSING)
    expect(await server.get(`${FEIGN}?orderCode=NOSUCHORDER`, { token: owner })).toEqual(MISSING)
    expect(await server.get(`${FEIGN}?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: otherOwner })).toEqual(
      MISSING,
    )
    // Its own owner still reads it.
    expect((await server.get(`${FEIGN}?orderCode=${foreign}`, { token: otherOwner })).code).toBe(200)
  })

  it('follows the sub-admin rule: not the owner’s renewal without website management', async () => {
    expect(await server.get(`${FEIGN}?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: subAdmin })).toEqual(
      MISSING,
    )
  })

  it('validates the code and needs a live session', async () => {
    expect(await server.get(FEIGN, { token: owner })).toEqual({ code: 400, message: '非法参数', data: null })
    expect(await server.get(`${FEIGN}?orderCode=${'9'.repeat(33)}`, { token: owner })).toMatchObject({
      code: 400,
    })
    expect((await server.get(`${FEIGN}?orderCode=${DEMO_UNPAID_RENEWAL}`)).code).toBe(996)
    expect(
      (await server.get(`${FEIGN}?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: 'not-a-token' })).code,
    ).toBe(996)
  })
})

describe('GET /api/pc/checkBindWechat', () => {
  it("answers whether the viewer's own member has a WeChat, as /api/wechat/checkBindWechat", async () => {
    // 13800000001 has the demo openid; 13800000003 has none.
    expect((await server.get('/api/pc/checkBindWechat', { token: owner })).data).toEqual({ bound: true })
    expect((await server.get('/api/pc/checkBindWechat', { token: otherOwner })).data).toEqual({
      bound: false,
    })
    for (const token of [owner, subAdmin, otherOwner]) {
      expect(await server.get('/api/pc/checkBindWechat', { token })).toEqual(
        await server.get('/api/wechat/checkBindWechat', { token }),
      )
    }
  })

  it('needs a live session', async () => {
    expect((await server.get('/api/pc/checkBindWechat')).code).toBe(996)
    expect((await server.get('/api/pc/checkBindWechat', { token: 'not-a-token' })).code).toBe(996)
  })
})
