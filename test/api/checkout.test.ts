/** @jest-environment ./test/api/support/pglite-environment.ts */
// Confirm order, generate order and the unpaid order's state (doc2 §2, §3, §7).
import { eq } from 'drizzle-orm'
import { accounts, businesses, orders } from '../../server/db/schema'
import { CATALOGUE } from '../../server/services/catalog'
import { DEMO, startTestServer, type TestServer } from './support/harness'

let server: TestServer
let mainAccountId: number
let otherAccountId: number
let owner: string
let subAdmin: string
let otherOwner: string

interface PaymentLine {
  OrderNo: string
  ProductName: string
  ProductTypeName: string
  BuyCycle: number
  PayMethod: string
  Count: number
  Price: string
}
interface OrderInfo {
  orderCode: string
  status: number
  totalAmount: string
  originalAmount: string
  lines: PaymentLine[]
}
type Oapi<T> = { code: number; message?: string; IsSuccess?: boolean; Data?: T }

const MINUTE = 60_000
const sku = CATALOGUE.find((s) => s.SkuId === 'SKU-SITE-PRO')!

async function addBusiness(accountId: number, secondDomain: string) {
  const at = server.clock()
  const [row] = await server.db
    .insert(businesses)
    .values({
      accountId,
      orderCode: `OPEN-${secondDomain}`.slice(0, 32),
      skuId: sku.SkuId,
      secondDomain,
      productName: sku.ProductName,
      productType: sku.productType,
      status: 1,
      openTime: at,
      expireTime: new Date(at.getTime() + 30 * 24 * 60 * MINUTE),
      createdAt: at,
    })
    .returning()
  return row!
}

const generate = (token: string, body: Record<string, unknown>) =>
  server.post('/oapi/newac/GenerateOrder', body, { token }) as Promise<Oapi<PaymentLine[]>>

async function newOrder(token: string, extra: Record<string, unknown> = {}) {
  const answer = await generate(token, {
    SkuId: sku.SkuId,
    OrderTypeId: 1,
    BuyCycle: 2,
    CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'pay-new-site' }),
    ...extra,
  })
  if (!answer.IsSuccess) throw new Error(`GenerateOrder refused: ${answer.code} ${answer.message}`)
  return answer.Data![0]!.OrderNo
}

beforeAll(async () => {
  server = await startTestServer()
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
  await addBusiness(mainAccountId, 'pay-main-site')
  await addBusiness(otherAccountId, 'pay-other-site')
}, 60_000)

afterAll(() => server?.close())

describe('POST /oapi/newac/ConfirmOrder', () => {
  it('answers the catalogue line of the SKU with its buy cycles and prices', async () => {
    const answer = await server.post<unknown>(
      '/oapi/newac/ConfirmOrder',
      { SkuId: sku.SkuId, OrderTypeId: 1 },
      { token: owner },
    )
    expect(answer).toMatchObject({
      IsSuccess: true,
      Data: [
        {
          SkuId: sku.SkuId,
          ProductName: '自助建站',
          ProductTypeName: '专业版',
          PayMethod: '年',
          Count: 1,
          BuyCyclePriceList: [
            { BuyCycle: 1, Price: 3980 },
            { BuyCycle: 2, Price: 7960 },
            { BuyCycle: 3, Price: 11940 },
          ],
        },
      ],
    })
  })

  it('refuses an unknown SKU and an unknown order type', async () => {
    expect(
      await server.post('/oapi/newac/ConfirmOrder', { SkuId: 'NOPE', OrderTypeId: 1 }, { token: owner }),
    ).toMatchObject({ code: 400, message: '商品不存在或已下架' })
    expect(
      await server.post('/oapi/newac/ConfirmOrder', { SkuId: sku.SkuId, OrderTypeId: 9 }, { token: owner }),
    ).toMatchObject({ code: 400, message: '非法参数，请重试' })
  })

  it('needs a session', async () => {
    expect(await server.post('/oapi/newac/ConfirmOrder', { SkuId: sku.SkuId, OrderTypeId: 1 })).toMatchObject(
      {
        code: 996,
      },
    )
  })

  it("refuses a renewal confirmation for another account's business (doc2 §6)", async () => {
    expect(
      await server.post(
        '/oapi/newac/ConfirmOrder',
        { SkuId: sku.SkuId, OrderTypeId: 2, secondDomain: 'pay-other-site' },
        { token: owner },
      ),
    ).toMatchObject({ code: 403, message: '当前业务不属于当前账号，无法续费！' })
    expect(
      await server.post(
        '/oapi/newac/ConfirmOrder',
        { SkuId: sku.SkuId, OrderTypeId: 2, secondDomain: 'pay-main-site' },
        { token: owner },
      ),
    ).toMatchObject({ IsSuccess: true })
  })
})

describe('POST /oapi/newac/GenerateOrder', () => {
  it('prices the order from the catalogue and ignores any price the client sends', async () => {
    const answer = await generate(owner, {
      SkuId: sku.SkuId,
      OrderTypeId: 1,
      BuyCycle: 3,
      Price: 0.01,
      totalAmount: 0.01,
      CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'pay-priced', price: 1 }),
    })
    expect(answer.IsSuccess).toBe(true)
    const line = answer.Data![0]!
    expect(line).toMatchObject({
      ProductName: '自助建站',
      BuyCycle: 3,
      PayMethod: '年',
      Count: 1,
      Price: '11940.00',
    })
    const [row] = await server.db.select().from(orders).where(eq(orders.orderCode, line.OrderNo))
    expect(row).toMatchObject({
      accountId: mainAccountId,
      subAccountId: null,
      status: 3,
      payAmount: '11940.00',
      originalAmount: '11940.00',
      cycleNum: 3,
      orderType: 1,
      secondDomain: 'pay-priced',
    })
    expect(row!.payDeadline!.getTime() - row!.createdAt.getTime()).toBe(30 * MINUTE)
  })

  it('refuses a buy cycle the catalogue does not sell', async () => {
    expect(await generate(owner, { SkuId: sku.SkuId, OrderTypeId: 1, BuyCycle: 5 })).toMatchObject({
      code: 400,
      message: '请选择购买时长',
    })
  })

  it("refuses to renew another account's business, server-side", async () => {
    const answer = await generate(owner, {
      SkuId: sku.SkuId,
      OrderTypeId: 2,
      BuyCycle: 1,
      CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'pay-other-site' }),
    })
    expect(answer).toMatchObject({ code: 403, message: '当前业务不属于当前账号，无法续费！' })
    const byOrderNo = await generate(owner, {
      SkuId: sku.SkuId,
      OrderTypeId: 2,
      BuyCycle: 1,
      OrderNo: 'OPEN-pay-other-site',
    })
    expect(byOrderNo).toMatchObject({ code: 403, message: '当前业务不属于当前账号，无法续费！' })
  })

  it('renews a business of the account, linked to it', async () => {
    const code = (
      await generate(owner, {
        SkuId: sku.SkuId,
        OrderTypeId: 2,
        BuyCycle: 1,
        OrderNo: 'OPEN-pay-main-site',
        CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'pay-main-site' }),
      })
    ).Data![0]!.OrderNo
    const [row] = await server.db.select().from(orders).where(eq(orders.orderCode, code))
    const [business] = await server.db
      .select()
      .from(businesses)
      .where(eq(businesses.secondDomain, 'pay-main-site'))
    expect(row).toMatchObject({ orderType: 2, businessId: business!.id, payAmount: '3980.00' })
  })

  it('lets a sub-admin buy and records who placed the order', async () => {
    const code = await newOrder(subAdmin)
    const [row] = await server.db.select().from(orders).where(eq(orders.orderCode, code))
    expect(row!.accountId).toBe(mainAccountId)
    expect(row!.subAccountId).toBeGreaterThan(0)
  })

  it("refuses a NewACUserId that is not the viewer's account", async () => {
    expect(
      await generate(owner, { NewACUserId: otherAccountId, SkuId: sku.SkuId, OrderTypeId: 1, BuyCycle: 1 }),
    ).toMatchObject({ code: 403 })
  })
})

describe('GET /api/pc/getOrderInfo, getOrderTimeOut, getOrderStatus', () => {
  it('gives the payment lines and amounts of the viewer’s order', async () => {
    const code = await newOrder(owner)
    const info = await server.get<OrderInfo>(`/api/pc/getOrderInfo?orderCode=${code}`, { token: owner })
    expect(info.code).toBe(200)
    expect(info.data).toMatchObject({
      orderCode: code,
      status: 3,
      totalAmount: '7960.00',
      originalAmount: '7960.00',
      lines: [
        { OrderNo: code, ProductName: '自助建站', ProductTypeName: '专业版', BuyCycle: 2, Price: '7960.00' },
      ],
    })
  })

  it('answers 508 for an order that does not exist', async () => {
    expect(await server.get('/api/pc/getOrderInfo?orderCode=NOSUCHORDER', { token: owner })).toMatchObject({
      code: 508,
      message: '订单不存在',
    })
  })

  it("refuses another account's order on every call, without data", async () => {
    const code = await newOrder(owner)
    for (const path of [
      '/api/pc/getOrderInfo',
      '/api/feignOrder/getOrderTimeOut',
      '/api/pc/getOrderStatus',
    ]) {
      expect(await server.get(`${path}?orderCode=${code}`, { token: otherOwner })).toEqual({
        code: 403,
        message: '无权访问',
        data: null,
      })
    }
  })

  it('counts down the time left to pay in h, m, s', async () => {
    const code = await newOrder(owner)
    expect(
      (await server.get(`/api/feignOrder/getOrderTimeOut?orderCode=${code}`, { token: owner })).data,
    ).toEqual({
      h: 0,
      m: 30,
      s: 0,
    })
    server.clock.advance(10 * MINUTE + 15_000)
    expect(
      (await server.get(`/api/feignOrder/getOrderTimeOut?orderCode=${code}`, { token: owner })).data,
    ).toEqual({
      h: 0,
      m: 19,
      s: 45,
    })
  })

  it('voids an unpaid order past its deadline: zero time left, status 4', async () => {
    const code = await newOrder(owner)
    server.clock.advance(30 * MINUTE + 1000)
    const fresh = await server.tokenFor(DEMO.owner)
    expect(
      (await server.get(`/api/feignOrder/getOrderTimeOut?orderCode=${code}`, { token: fresh })).data,
    ).toEqual({
      h: 0,
      m: 0,
      s: 0,
    })
    expect(
      (await server.get<OrderInfo>(`/api/pc/getOrderInfo?orderCode=${code}`, { token: fresh })).data.status,
    ).toBe(4)
    expect(await server.get(`/api/pc/getOrderStatus?orderCode=${code}`, { token: fresh })).toMatchObject({
      code: 200,
      data: false,
    })
    owner = fresh
  })

  it('getOrderStatus is false while unpaid', async () => {
    const code = await newOrder(owner)
    expect(await server.get(`/api/pc/getOrderStatus?orderCode=${code}`, { token: owner })).toMatchObject({
      code: 200,
      data: false,
    })
  })
})
