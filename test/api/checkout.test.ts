// Confirm order, generate order and the unpaid order's state (doc2 §2, §3, §7).
import { eq } from 'drizzle-orm'
import type { OrderInfo, PaymentLine } from '../../src/core/contract/checkout'
import { BUSINESS_ORDER_MESSAGES } from '../../src/core/validation/business-orders'
import { DEV_PAY_NOTIFY_SECRET } from '../../server/config'
import { DEMO_UNPAID_RENEWAL } from '../../server/seed/products'
import { accounts, businesses, orders, subAccounts } from '../../server/db/schema'
import { CATALOGUE, UPGRADE_MESSAGES } from '../../server/services/checkout/catalog'
import { FULFILMENT_MESSAGES } from '../../server/services/checkout/fulfilment'
import { signFields } from '../../server/providers/payment/sandbox'
import { PRODUCT_MESSAGES } from '../../server/services/products/products'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number
let owner: string
let subAdmin: string
let otherOwner: string

type Oapi<T> = { code: number; message?: string; IsSuccess?: boolean; Data?: T }

const MINUTE = 60_000
const sku = CATALOGUE.find((s) => s.SkuId === 'SKU-SITE-PRO')!

const DAY = 24 * 60 * MINUTE

async function addBusiness(accountId: number, secondDomain: string, skuId = sku.SkuId, daysLeft = 30) {
  const at = server.clock()
  const own = CATALOGUE.find((s) => s.SkuId === skuId)!
  const [row] = await server.db
    .insert(businesses)
    .values({
      accountId,
      orderCode: `OPEN-${secondDomain}`.slice(0, 32),
      skuId,
      secondDomain,
      productName: own.ProductName,
      productVersion: own.ProductTypeName,
      productType: own.productType,
      status: 1,
      openTime: at,
      expireTime: new Date(at.getTime() + daysLeft * DAY),
      createdAt: at,
    })
    .returning()
  return row!
}

const businessOn = async (secondDomain: string) =>
  (await server.db.select().from(businesses).where(eq(businesses.secondDomain, secondDomain)))[0]!

const ordersOf = (businessId: number) =>
  server.db.select().from(orders).where(eq(orders.businessId, businessId))

/** The provider's signed notification that the order was paid in full. */
async function pay(code: string) {
  const [order] = await server.db.select().from(orders).where(eq(orders.orderCode, code))
  const fields = {
    out_trade_no: code,
    trade_no: `T${code}`,
    total_amount: order!.payAmount,
    trade_status: 'TRADE_SUCCESS',
  }
  return server.post('/api/alipay/notify', { ...fields, sign: signFields(fields, DEV_PAY_NOTIFY_SECRET) })
}

async function setWebsiteManage(flag: number) {
  await server.db.update(subAccounts).set({ isWebsiteManage: flag }).where(eq(subAccounts.fullName, '李子管'))
}

const confirm = (token: string, body: Record<string, unknown>) =>
  server.post('/oapi/newac/ConfirmOrder', body, { token }) as Promise<Oapi<unknown>>

const onDomain = (secondDomain: string) => JSON.stringify({ subAccountId: 0, secondDomain })

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
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
  await addBusiness(mainAccountId, 'pay-main-site')
  await addBusiness(otherAccountId, 'pay-other-site')
}, 60_000)

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

describe('renewal pricing (security #9 item 2): the business’s own SKU, whatever SkuId is sent', () => {
  it('renewing 企业官网 旗舰版 for 3 years with another SkuId is refused; with its own it costs ¥17400', async () => {
    const xingchen = await businessOn('xingchen')
    expect(xingchen).toMatchObject({ skuId: 'SKU-ENT-WEB', status: 1 })
    const before = (await ordersOf(xingchen.id)).length
    const cheap = await generate(owner, {
      SkuId: 'SKU-SITE-STD',
      OrderTypeId: 2,
      BuyCycle: 3,
      CommonParam: onDomain('xingchen'),
    })
    expect(cheap).toEqual({ code: 400, message: FULFILMENT_MESSAGES.renewOtherSku, data: null })
    expect(await ordersOf(xingchen.id)).toHaveLength(before)

    const renewal = await generate(owner, {
      SkuId: 'SKU-ENT-WEB',
      OrderTypeId: 2,
      BuyCycle: 3,
      CommonParam: onDomain('xingchen'),
    })
    expect(renewal.Data![0]).toMatchObject({
      ProductName: '企业官网',
      ProductTypeName: '旗舰版',
      Price: '17400.00',
    })
    const code = renewal.Data![0]!.OrderNo
    expect(await pay(code)).toMatchObject({ code: 200, data: 'paid' })
    const renewed = await businessOn('xingchen')
    const expected = new Date(xingchen.expireTime!)
    expected.setUTCFullYear(expected.getUTCFullYear() + 3)
    expect(renewed).toMatchObject({ skuId: 'SKU-ENT-WEB', status: 1 })
    expect(renewed.expireTime!.getTime()).toBe(expected.getTime())
  })

  it('ConfirmOrder answers the own SKU’s line for a renewal and refuses another SkuId', async () => {
    expect(
      await confirm(owner, { SkuId: 'SKU-SITE-STD', OrderTypeId: 2, secondDomain: 'xingchen' }),
    ).toMatchObject({ code: 400, message: FULFILMENT_MESSAGES.renewOtherSku })
    expect(
      await confirm(owner, { SkuId: 'SKU-ENT-WEB', OrderTypeId: 2, secondDomain: 'xingchen' }),
    ).toMatchObject({
      IsSuccess: true,
      Data: [
        {
          SkuId: 'SKU-ENT-WEB',
          BuyCyclePriceList: [{ BuyCycle: 1, Price: 5800 }, { BuyCycle: 2 }, { BuyCycle: 3 }],
        },
      ],
    })
  })

  it.each([
    ['xcpromo', 'SKU-ENT-WEB', BUSINESS_ORDER_MESSAGES.renewRefunded],
    ['xcold', 'SKU-SITE-STD', BUSINESS_ORDER_MESSAGES.renewLapsed],
    ['xcmini', 'SKU-MINI-APP', BUSINESS_ORDER_MESSAGES.renewPartner],
    ['xcpartner', 'SKU-SITE-PRO', BUSINESS_ORDER_MESSAGES.renewPartner],
    ['xccloud', 'SKU-SITE-PRO', BUSINESS_ORDER_MESSAGES.renewMarketplace],
    ['xcblog', 'SKU-SITE-STD', BUSINESS_ORDER_MESSAGES.opening],
  ])('refuses a renewal of %s, whose card does not offer one here', async (domain, skuId, message) => {
    const business = await businessOn(domain)
    expect(business.skuId).toBe(skuId)
    const before = (await ordersOf(business.id)).length
    const body = { SkuId: skuId, OrderTypeId: 2, secondDomain: domain }
    expect(await confirm(owner, body)).toEqual({ code: 400, message, data: null })
    expect(await generate(owner, { ...body, BuyCycle: 1, CommonParam: onDomain(domain) })).toEqual({
      code: 400,
      message,
      data: null,
    })
    expect(await ordersOf(business.id)).toHaveLength(before)
  })

  it('still renews a business inside its renewal window (4 with isExpire 1)', async () => {
    expect(await businessOn('xcshop')).toMatchObject({ status: 4, isExpire: 1 })
    expect(
      await generate(owner, {
        SkuId: 'SKU-SITE-PRO',
        OrderTypeId: 2,
        BuyCycle: 1,
        CommonParam: onDomain('xcshop'),
      }),
    ).toMatchObject({ IsSuccess: true, Data: [{ Price: '3980.00' }] })
  })

  it('lets a sub-admin renew only with website management (account-area §6)', async () => {
    const body = { SkuId: sku.SkuId, OrderTypeId: 2, BuyCycle: 1, CommonParam: onDomain('pay-main-site') }
    expect(await generate(subAdmin, body)).toEqual({
      code: 403,
      message: PRODUCT_MESSAGES.noWebsiteManage,
      data: null,
    })
    await setWebsiteManage(1)
    try {
      expect(await generate(subAdmin, body)).toMatchObject({ IsSuccess: true })
    } finally {
      await setWebsiteManage(0)
    }
  })

  it('buys again only a refunded or lapsed site (account-area §4 buy-new), never one in service', async () => {
    const body = { SkuId: 'SKU-ENT-WEB', OrderTypeId: 1, BuyCycle: 1, CommonParam: onDomain('xingchen') }
    expect(await generate(owner, body)).toEqual({
      code: 400,
      message: BUSINESS_ORDER_MESSAGES.buyNewInService,
      data: null,
    })
    expect(
      await confirm(owner, { SkuId: 'SKU-ENT-WEB', OrderTypeId: 1, secondDomain: 'xingchen' }),
    ).toMatchObject({
      code: 400,
      message: BUSINESS_ORDER_MESSAGES.buyNewInService,
    })
    expect(
      await generate(owner, { ...body, SkuId: 'SKU-SITE-STD', CommonParam: onDomain('xcold') }),
    ).toMatchObject({ IsSuccess: true })
  })
})

describe('upgrade pricing: a higher edition of the same product, for the remaining term', () => {
  it('ConfirmOrder with the card’s own SKU offers the higher edition, priced for the 100 days left', async () => {
    await addBusiness(mainAccountId, 'up-std', 'SKU-SITE-STD', 100)
    expect(
      await confirm(owner, { SkuId: 'SKU-SITE-STD', OrderTypeId: 3, secondDomain: 'up-std' }),
    ).toMatchObject({
      IsSuccess: true,
      // (3980 − 1980) × 100 / 365, rounded up to the fen.
      Data: [
        {
          SkuId: 'SKU-SITE-PRO',
          ProductTypeName: '专业版',
          BuyCyclePriceList: [{ BuyCycle: 0, Price: 547.95 }],
        },
      ],
    })
  })

  it('GenerateOrder charges that difference and paying it moves the edition, not the expiry', async () => {
    const business = await addBusiness(mainAccountId, 'up-pay', 'SKU-SITE-STD', 100)
    const body = { SkuId: 'SKU-SITE-PRO', OrderTypeId: 3, CommonParam: onDomain('up-pay') }
    expect(await generate(owner, { ...body, BuyCycle: 1 })).toMatchObject({
      code: 400,
      message: '请选择购买时长',
    })
    const answer = await generate(owner, { ...body, BuyCycle: 0, Price: 0.01 })
    expect(answer.Data![0]).toMatchObject({ ProductTypeName: '专业版', BuyCycle: 0, Price: '547.95' })
    expect(await pay(answer.Data![0]!.OrderNo)).toMatchObject({ data: 'paid' })
    const upgraded = await businessOn('up-pay')
    expect(upgraded).toMatchObject({ skuId: 'SKU-SITE-PRO', productVersion: '专业版', status: 6 })
    expect(upgraded.expireTime).toEqual(business.expireTime)
  })

  it('refuses the same edition, a lower one and another product, creating no order', async () => {
    const std = await addBusiness(mainAccountId, 'up-refuse-std', 'SKU-SITE-STD', 100)
    const pro = await addBusiness(mainAccountId, 'up-refuse-pro', 'SKU-SITE-PRO', 100)
    const cases = [
      [std, 'SKU-SITE-STD', UPGRADE_MESSAGES.notHigher],
      [std, 'SKU-ENT-WEB', UPGRADE_MESSAGES.notHigher],
      [std, 'SKU-DAIWEI-STD', UPGRADE_MESSAGES.notHigher],
      [pro, 'SKU-SITE-STD', UPGRADE_MESSAGES.topEdition],
    ] as const
    for (const [business, target, message] of cases) {
      const answer = await generate(owner, {
        SkuId: target,
        OrderTypeId: 3,
        BuyCycle: 0,
        CommonParam: onDomain(business.secondDomain),
      })
      expect({ target, answer }).toEqual({ target, answer: { code: 400, message, data: null } })
    }
    expect(
      await confirm(owner, { SkuId: 'SKU-SITE-PRO', OrderTypeId: 3, secondDomain: 'up-refuse-pro' }),
    ).toMatchObject({ code: 400, message: UPGRADE_MESSAGES.topEdition })
    expect(await ordersOf(std.id)).toEqual([])
    expect(await ordersOf(pro.id)).toEqual([])
  })

  it('refuses an upgrade of an expired or refunded business and of another account’s', async () => {
    expect(
      await confirm(owner, { SkuId: 'SKU-SITE-PRO', OrderTypeId: 3, secondDomain: 'xcshop' }),
    ).toMatchObject({
      code: 400,
      message: BUSINESS_ORDER_MESSAGES.upgradeExpired,
    })
    expect(
      await generate(owner, {
        SkuId: 'SKU-ENT-WEB',
        OrderTypeId: 3,
        BuyCycle: 0,
        CommonParam: onDomain('xcpromo'),
      }),
    ).toMatchObject({ code: 400, message: BUSINESS_ORDER_MESSAGES.upgradeRefunded })
    expect(
      await generate(owner, {
        SkuId: 'SKU-SITE-PRO',
        OrderTypeId: 3,
        BuyCycle: 0,
        CommonParam: onDomain('yunfan'),
      }),
    ).toMatchObject({ code: 403, message: '当前业务不属于当前账号，无法续费！' })
  })
})

describe('which orders a sub-admin may follow by code (sub-accounts do not reach order management)', () => {
  const followCalls = [
    '/api/pc/getOrderInfo',
    '/api/feignOrder/getOrderTimeOut',
    '/api/pc/getOrderStatus',
    '/api/feignOrder/selectBusinessIsOpen',
  ]
  const missing = { code: 508, message: '订单不存在', data: null }

  it('the orders it placed itself', async () => {
    const code = await newOrder(subAdmin)
    for (const path of followCalls) {
      expect((await server.get(`${path}?orderCode=${code}`, { token: subAdmin })).code).toBe(200)
    }
  })

  it('not the main account’s purchases: answered exactly as a missing order, on every call', async () => {
    const code = await newOrder(owner)
    for (const path of followCalls) {
      expect(await server.get(`${path}?orderCode=${code}`, { token: subAdmin })).toEqual(missing)
      expect(await server.get(`${path}?orderCode=NOSUCHORDER`, { token: subAdmin })).toEqual(missing)
    }
    expect(
      await server.post('/api/alipay/tradePrecreate', { out_trade_no: code }, { token: subAdmin }),
    ).toEqual(missing)
  })

  it('the pending renewal /index sends it to pay, only with website management', async () => {
    const info = () =>
      server.get(`/api/pc/getOrderInfo?orderCode=${DEMO_UNPAID_RENEWAL}`, { token: subAdmin })
    expect(await info()).toEqual(missing)
    await setWebsiteManage(1)
    try {
      expect(await info()).toMatchObject({ code: 200, data: { orderCode: DEMO_UNPAID_RENEWAL } })
    } finally {
      await setWebsiteManage(0)
    }
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

  it("answers another account's order exactly as a missing one on every call, without data", async () => {
    const code = await newOrder(owner)
    for (const path of [
      '/api/pc/getOrderInfo',
      '/api/feignOrder/getOrderTimeOut',
      '/api/pc/getOrderStatus',
      '/api/feignOrder/selectBusinessIsOpen',
    ]) {
      const foreign = await server.get(`${path}?orderCode=${code}`, { token: otherOwner })
      expect(foreign).toEqual({ code: 508, message: '订单不存在', data: null })
      expect(await server.get(`${path}?orderCode=NOSUCHORDER`, { token: otherOwner })).toEqual(foreign)
    }
    const precreate = (orderCode: string) =>
      server.post('/api/alipay/tradePrecreate', { out_trade_no: orderCode }, { token: otherOwner })
    expect(await precreate(code)).toEqual(await precreate('NOSUCHORDER'))
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
