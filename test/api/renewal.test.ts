// The renewal centre: the account's products by expiry with filters and a
// search, the renewal setting (operation log), and batch renewal: one order with a line per product,
// priced from the catalogue, paid once, every expiry moved by its own cycle in one transaction.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { BatchRenewalAnswer, RenewalItem } from '../../src/core/contract/renewal'
import { RENEWAL_MESSAGES } from '../../src/core/contract/renewal'
import type { Order } from '../../src/core/contract/orders'
import type { OrderInfo, PaymentLine } from '../../src/core/contract/checkout'
import type { OperateRecord } from '../../src/core/contract/operate-log'
import type { Page } from '../../src/core/contract/paging'
import { BUSINESS_ORDER_MESSAGES } from '../../src/core/validation/business-orders'
import { DEV_PAY_NOTIFY_SECRET } from '../../server/config'
import { DEMO_UNPAID_RENEWAL } from '../../server/seed/products'
import { accounts, businesses, orderLines, orders, payments } from '../../server/db/schema'
import { CATALOGUE } from '../../server/services/checkout/catalog'
import { addYears } from '../../server/services/checkout/fulfilment'
import { signFields } from '../../server/providers/payment/sandbox'
import { MEMORY_URL, openDatabase } from '../../server/db/client'
import { migrateDatabase, MIGRATIONS_FOLDER } from '../../server/db/migrate'
import { members } from '../../server/db/schema'
import { DEMO, hostPGlite, useTestServer } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number
let owner: string
let subAdmin: string

const DAY = 24 * 3_600_000

async function addBusiness(accountId: number, secondDomain: string, skuId: string, daysLeft: number) {
  const at = server.clock()
  const sku = CATALOGUE.find((s) => s.SkuId === skuId)!
  const [row] = await server.db
    .insert(businesses)
    .values({
      accountId,
      orderCode: `OPEN-${secondDomain}`,
      skuId,
      secondDomain,
      websiteName: `${secondDomain}站`,
      productName: sku.ProductName,
      productVersion: sku.ProductTypeName,
      productType: sku.productType,
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

const list = (query = '', token = owner) =>
  server.get<RenewalItem[]>(`/api/renewal/products${query ? `?${query}` : ''}`, { token })

const domains = (items: RenewalItem[]) => items.map((item) => item.secondDomain)

const batch = (items: unknown, token = owner) =>
  server.post<BatchRenewalAnswer>('/api/renewal/batchOrder', { items }, { token })

/** Orders and lines in the database: a refusal writes neither. */
async function written() {
  const [o] = await server.db.select({ n: count() }).from(orders)
  const [l] = await server.db.select({ n: count() }).from(orderLines)
  return { orders: o!.n, lines: l!.n }
}

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

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
}, 60_000)

describe('GET /api/renewal/products', () => {
  it('lists every product of the account with a term by expiry: the demo expires in grace, 2, 6 and 28 days', async () => {
    const answer = await list()
    expect(answer.code).toBe(200)
    // Not listed: 星辰博客 (opening), 星辰旧站 (past its grace), 星辰推广站 (refunded); 云帆's products.
    expect(domains(answer.data)).toEqual([
      'xcshop',
      'xcproject',
      'xcbutler',
      'xingchen',
      'xcpartner',
      'xcmini',
      'xccloud',
    ])
    expect(answer.data.map((item) => item.daysLeft)).toEqual([-3, 2, 6, 28, 165, 265, 335])
    const [shop, , butler, xingchen, , mini, cloud] = answer.data
    expect(shop).toMatchObject({
      websiteName: '星辰商城',
      productName: '自助建站',
      productVersion: '专业版',
      status: 4,
      refusal: '',
      renewalMode: 0,
      pendingOrderCode: DEMO_UNPAID_RENEWAL,
    })
    expect(butler).toMatchObject({ productType: 4, renewalMode: 1, refusal: '', pendingOrderCode: null })
    expect(xingchen!.cycles).toEqual([
      { BuyCycle: 1, Price: 5800 },
      { BuyCycle: 2, Price: 11600 },
      { BuyCycle: 3, Price: 17400 },
    ])
    expect(xingchen!.expireTime).toMatch(/^\d{4}-\d\d-\d\dT/)
    // Channels that renew elsewhere say where.
    expect(mini!.refusal).toBe(BUSINESS_ORDER_MESSAGES.renewPartner)
    expect(cloud!.refusal).toBe(BUSINESS_ORDER_MESSAGES.renewMarketplace)
  })

  it.each([
    ['30', ['xcproject', 'xcbutler', 'xingchen']],
    ['60', ['xcproject', 'xcbutler', 'xingchen']],
    ['90', ['xcproject', 'xcbutler', 'xingchen']],
    ['expired', ['xcshop']],
    ['noRenew', ['xcbutler']],
  ])('filter %s', async (filter, expected) => {
    expect(domains((await list(`filter=${filter}`)).data)).toEqual(expected)
  })

  it.each([
    ['the website name', '商城', ['xcshop']],
    ['the product name', '代维', ['xcbutler']],
    ['the domain', 'XCP', ['xcproject', 'xcpartner']],
    ['a bound domain', 'shop.xingchen-demo', ['xcshop']],
    ['a LIKE wildcard, taken literally', '%', []],
    ['an underscore, taken literally', '_', []],
  ])('a keyword matches %s', async (_, keyword, expected) => {
    expect(domains((await list(`keyword=${encodeURIComponent(keyword)}`)).data)).toEqual(expected)
  })

  it('filter and keyword together; an unknown filter is refused', async () => {
    expect(domains((await list('filter=30&keyword=xing')).data)).toEqual(['xingchen'])
    expect(await list('filter=7')).toMatchObject({ code: 400, message: '非法参数' })
  })

  it('another account sees only its own; a sub-admin is refused (main account only, like /orderlist)', async () => {
    const other = await server.tokenFor(DEMO.otherOwner)
    expect(domains((await list('', other)).data)).toEqual(['yfexport', 'yunfan'])
    expect(await list('', subAdmin)).toMatchObject({ code: 403 })
  })
})

describe('POST /api/renewal/mode', () => {
  const setMode = (body: unknown, token = owner) => server.post<null>('/api/renewal/mode', body, { token })

  it('sets 到期不续 and back, each change in the operation log', async () => {
    const xingchen = await businessOn('xingchen')
    expect(await setMode({ businessId: xingchen.id, mode: 1 })).toMatchObject({ code: 200, data: null })
    expect((await businessOn('xingchen')).renewalMode).toBe(1)
    expect(domains((await list('filter=noRenew')).data)).toEqual(['xcbutler', 'xingchen'])
    // The same setting again changes nothing and logs nothing.
    expect(await setMode({ businessId: xingchen.id, mode: 1 })).toMatchObject({ code: 200 })
    expect(await setMode({ businessId: xingchen.id, mode: 0 })).toMatchObject({ code: 200 })
    expect((await businessOn('xingchen')).renewalMode).toBe(0)

    const log = await server.get<Page<OperateRecord>>(
      '/api/app/account/getMyOperateRecordList?pageNum=1&pageSize=10',
      { token: owner },
    )
    const entries = log.data.data.filter((entry) => entry.type === 11).map((entry) => entry.content)
    expect(entries).toEqual([
      '产品 星辰科技官网（xingchen）续费设置改为 提醒后手动续费',
      '产品 星辰科技官网（xingchen）续费设置改为 到期不续',
    ])
  })

  it("refuses a bad mode, an unknown product and another account's, changing nothing", async () => {
    const xingchen = await businessOn('xingchen')
    const yunfan = await businessOn('yunfan')
    expect(await setMode({ businessId: xingchen.id, mode: 2 })).toEqual({
      code: 400,
      message: RENEWAL_MESSAGES.badMode,
      data: null,
    })
    expect(await setMode({ businessId: yunfan.id, mode: 1 })).toMatchObject({
      code: 400,
      message: RENEWAL_MESSAGES.notOwner,
    })
    expect(await setMode({ businessId: 999_999, mode: 1 })).toMatchObject({
      message: RENEWAL_MESSAGES.notOwner,
    })
    expect(await setMode({ businessId: xingchen.id })).toMatchObject({ code: 400, message: '非法参数' })
    expect((await businessOn('xingchen')).renewalMode).toBe(0)
    expect((await businessOn('yunfan')).renewalMode).toBe(0)
  })

  it('refuses a sub-admin', async () => {
    const xingchen = await businessOn('xingchen')
    expect(await setMode({ businessId: xingchen.id, mode: 1 }, subAdmin)).toMatchObject({ code: 403 })
    expect((await businessOn('xingchen')).renewalMode).toBe(0)
  })
})

describe('POST /api/renewal/batchOrder', () => {
  it('renews 3 products with different cycles in one order, paid once: each expiry moves by its own cycle', async () => {
    const site = await addBusiness(mainAccountId, 'batch-site', 'SKU-SITE-STD', 10)
    const mini = await addBusiness(mainAccountId, 'batch-mini', 'SKU-MINI-APP', 20)
    const butler = await addBusiness(mainAccountId, 'batch-butler', 'SKU-DAIWEI-STD', -2)
    await server.db.update(businesses).set({ status: 4, isExpire: 1 }).where(eq(businesses.id, butler.id))

    const answer = await batch([
      { businessId: site.id, buyCycle: 1 },
      { businessId: mini.id, buyCycle: 2 },
      { businessId: butler.id, buyCycle: 3 },
    ])
    expect(answer.code).toBe(200)
    const { orderCode, totalAmount, lines } = answer.data
    expect(totalAmount).toBe('19940.00') // 1980 + 2 × 2980 + 3 × 4000
    expect(lines).toEqual<PaymentLine[]>([
      line(orderCode, '自助建站', '标准版', 1, '1980.00', 'batch-site'),
      line(orderCode, '小程序', '商城版', 2, '5960.00', 'batch-mini'),
      line(orderCode, '代维管家', '标准版', 3, '12000.00', 'batch-butler'),
    ])
    const [row] = await server.db.select().from(orders).where(eq(orders.orderCode, orderCode))
    expect(row).toMatchObject({
      accountId: mainAccountId,
      subAccountId: null,
      businessId: null,
      orderType: 2,
      status: 3,
      productName: '批量续费',
      productVersion: '3个产品',
      payAmount: '19940.00',
      originalAmount: '19940.00',
    })
    expect(row!.payDeadline!.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000)

    // Waiting for payment: the list names the order, the payment page lists the three lines.
    const pending = (await list('keyword=batch-')).data
    expect(pending.map((item) => item.pendingOrderCode)).toEqual([orderCode, orderCode, orderCode])
    const info = await server.get<OrderInfo>(`/api/pc/getOrderInfo?orderCode=${orderCode}`, { token: owner })
    expect(info.data).toMatchObject({ totalAmount: '19940.00', orderType: 2, status: 3, lines })

    expect(await pay(orderCode)).toMatchObject({ code: 200, data: 'paid' })
    const moved = (b: typeof site, years: number) => addYears(b.expireTime!, years).getTime()
    expect((await businessOn('batch-site')).expireTime!.getTime()).toBe(moved(site, 1))
    expect((await businessOn('batch-mini')).expireTime!.getTime()).toBe(moved(mini, 2))
    // Renewed in its grace: from now, valid again.
    const renewedButler = await businessOn('batch-butler')
    expect(renewedButler).toMatchObject({ status: 1, isExpire: 0 })
    expect(renewedButler.expireTime!.getTime()).toBe(addYears(server.clock(), 3).getTime())

    // The order list and the detail show the three lines, summing to the total.
    const page = await server.get<Page<Order>>('/api/pc/getOrder?pageNum=1&pageSize=10', { token: owner })
    const listed = page.data.data.find((order) => order.orderCode === orderCode)!
    expect(listed).toMatchObject({
      status: 1,
      orderTypeStr: '续费',
      productName: '批量续费',
      payAmount: 19940,
    })
    expect(listed.lines.map((l) => [l.businessId, l.cycleNum, l.amount])).toEqual([
      [site.id, 1, 1980],
      [mini.id, 2, 5960],
      [butler.id, 3, 12000],
    ])
    const detail = await server.get<Order>(`/api/pc/getOrderById?orderId=${listed.id}`, { token: owner })
    expect(detail.data.lines).toEqual(listed.lines)
    expect(detail.data.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(detail.data.payAmount)
    expect(detail.data.lines[1]).toEqual({
      businessId: mini.id,
      productName: '小程序',
      productVersion: '商城版',
      secondDomain: 'batch-mini',
      cycleNum: 2,
      payMethod: '年',
      amount: 5960,
    })
    // A product's own order list (getOrderDetails) shows the batch that renewed it, counted too.
    const single = await server.post<PaymentLine[]>(
      '/oapi/newac/GenerateOrder',
      {
        SkuId: 'SKU-SITE-STD',
        OrderTypeId: 2,
        BuyCycle: 1,
        CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'batch-site' }),
      },
      { token: owner },
    )
    const singleCode = (single as unknown as { Data: PaymentLine[] }).Data[0]!.OrderNo
    const ofSite = (pageNum: number) =>
      server.get<Page<Order>>(`/api/pc/getOrderDetails?businessId=${site.id}&pageNum=${pageNum}&pageSize=1`, {
        token: owner,
      })
    expect((await ofSite(1)).data).toMatchObject({ total: 2, data: [{ orderCode: singleCode }] })
    expect((await ofSite(2)).data).toMatchObject({ total: 2, data: [{ orderCode }] })
    await server.post('/api/pc/syncOrderStatus', { orderCode: singleCode, status: 4 }, { token: owner })

    // No longer pending.
    expect((await list('keyword=batch-')).data.map((item) => item.pendingOrderCode)).toEqual([
      null,
      null,
      null,
    ])
  })

  it('a line gone stale before payment applies none of them; the payment is due for refund', async () => {
    const first = await addBusiness(mainAccountId, 'stale-a', 'SKU-SITE-PRO', 15)
    const second = await addBusiness(mainAccountId, 'stale-b', 'SKU-SITE-STD', 25)
    const answer = await batch([
      { businessId: first.id, buyCycle: 1 },
      { businessId: second.id, buyCycle: 2 },
    ])
    const { orderCode } = answer.data
    // Refunded in the meantime: it can no longer be renewed.
    await server.db.update(businesses).set({ status: 5 }).where(eq(businesses.id, second.id))

    expect(await pay(orderCode)).toMatchObject({ code: 200, data: 'refundDue' })
    expect((await businessOn('stale-a')).expireTime).toEqual(first.expireTime)
    expect((await businessOn('stale-b')).expireTime).toEqual(second.expireTime)
    const [order] = await server.db.select().from(orders).where(eq(orders.orderCode, orderCode))
    expect(order!.status).toBe(3)
    const [payment] = await server.db.select().from(payments).where(eq(payments.orderCode, orderCode))
    expect(payment).toMatchObject({ amount: '7940.00' })
    expect(['refund_due', 'refunding', 'refunded']).toContain(payment!.state)
    expect(payment!.refundReason).toContain(BUSINESS_ORDER_MESSAGES.renewRefunded)
  })

  it('a voided single renewal paid late after a batch renewed its product is refunded, not applied again', async () => {
    const site = await addBusiness(mainAccountId, 'late-single', 'SKU-SITE-STD', 20)
    const single = await server.post<PaymentLine[]>(
      '/oapi/newac/GenerateOrder',
      {
        SkuId: 'SKU-SITE-STD',
        OrderTypeId: 2,
        BuyCycle: 1,
        CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'late-single' }),
      },
      { token: owner },
    )
    const singleCode = (single as unknown as { Data: PaymentLine[] }).Data[0]!.OrderNo
    const voided = await server.post(
      '/api/pc/syncOrderStatus',
      { orderCode: singleCode, status: 4 },
      { token: owner },
    )
    expect(voided).toMatchObject({ code: 200 })
    server.clock.advance(1000)
    const { orderCode } = (await batch([{ businessId: site.id, buyCycle: 1 }])).data
    expect(await pay(orderCode)).toMatchObject({ code: 200, data: 'paid' })
    const renewed = (await businessOn('late-single')).expireTime

    // The customer's phone completes the old payment after all: kept, and refunded.
    expect(await pay(singleCode)).toMatchObject({ code: 200, data: 'refundDue' })
    expect((await businessOn('late-single')).expireTime).toEqual(renewed)
    const [payment] = await server.db.select().from(payments).where(eq(payments.orderCode, singleCode))
    expect(payment!.refundReason).toBe('订单已作废并已另行下单，付款退回')
  })

  it('the payment page offers a batch, and refuses it once a line can no longer be renewed', async () => {
    const first = await addBusiness(mainAccountId, 'offer-a', 'SKU-SITE-STD', 15)
    const second = await addBusiness(mainAccountId, 'offer-b', 'SKU-SITE-STD', 25)
    const { orderCode } = (
      await batch([
        { businessId: first.id, buyCycle: 1 },
        { businessId: second.id, buyCycle: 1 },
      ])
    ).data
    const offer = () =>
      server.post<{ qr_code: string }>(
        '/api/alipay/tradePrecreate',
        { out_trade_no: orderCode },
        { token: owner },
      )
    expect((await offer()).data.qr_code).toContain(`out_trade_no=${orderCode}`)
    await server.db.update(businesses).set({ accountId: otherAccountId }).where(eq(businesses.id, second.id))
    expect(await offer()).toMatchObject({ code: 400, message: expect.stringContaining('offer-b') })
  })

  it('prices from the catalogue only: a price field is refused by the schema, nothing written', async () => {
    const site = await addBusiness(mainAccountId, 'tamper-site', 'SKU-SITE-PRO', 10)
    const before = await written()
    expect(await batch([{ businessId: site.id, buyCycle: 1, price: 0.01 }])).toMatchObject({
      code: 400,
      message: '非法参数',
    })
    expect(
      await server.post(
        '/api/renewal/batchOrder',
        { items: [{ businessId: site.id, buyCycle: 1 }], totalAmount: 1 },
        {
          token: owner,
        },
      ),
    ).toMatchObject({ code: 400, message: '非法参数' })
    expect(await written()).toEqual(before)
  })

  describe('refusals: the exact message, nothing written', () => {
    let own: number
    let ownToo: number
    beforeAll(async () => {
      own = (await addBusiness(mainAccountId, 'refuse-a', 'SKU-SITE-STD', 12)).id
      ownToo = (await addBusiness(mainAccountId, 'refuse-b', 'SKU-ENT-WEB', 40)).id
    })

    it.each<[string, () => unknown[], string]>([
      ['an empty selection', () => [], RENEWAL_MESSAGES.emptySelection],
      [
        'more than 50 products',
        () => Array.from({ length: 51 }, (_, i) => ({ businessId: i + 1, buyCycle: 1 })),
        RENEWAL_MESSAGES.tooMany,
      ],
      [
        'one product twice',
        () => [
          { businessId: own, buyCycle: 1 },
          { businessId: own, buyCycle: 2 },
        ],
        RENEWAL_MESSAGES.duplicate,
      ],
      ['an unknown product', () => [{ businessId: 999_999, buyCycle: 1 }], RENEWAL_MESSAGES.notOwner],
      ['an item without a cycle', () => [{ businessId: own }], RENEWAL_MESSAGES.badCycle],
      [
        'a cycle the SKU does not offer',
        () => [
          { businessId: own, buyCycle: 1 },
          { businessId: ownToo, buyCycle: 5 },
        ],
        RENEWAL_MESSAGES.badCycle,
      ],
    ])('%s', async (_, items, message) => {
      const before = await written()
      expect(await batch(items())).toEqual({ code: 400, message, data: null })
      expect(await written()).toEqual(before)
    })

    it("another account's product (当前业务不属于当前账号，无法续费！)", async () => {
      const yunfan = await businessOn('yunfan')
      const before = await written()
      expect(
        await batch([
          { businessId: own, buyCycle: 1 },
          { businessId: yunfan.id, buyCycle: 1 },
        ]),
      ).toEqual({ code: 400, message: '当前业务不属于当前账号，无法续费！', data: null })
      expect(await written()).toEqual(before)
      expect(await businessOn('yunfan')).toMatchObject({ accountId: otherAccountId })
    })

    it.each([
      ['renews on the partner’s page', 'xcmini', BUSINESS_ORDER_MESSAGES.renewPartner],
      ['renews on the marketplace', 'xccloud', BUSINESS_ORDER_MESSAGES.renewMarketplace],
      ['is past its grace', 'xcold', BUSINESS_ORDER_MESSAGES.renewLapsed],
      ['is still opening', 'xcblog', BUSINESS_ORDER_MESSAGES.opening],
    ])('a product that %s', async (_, domain, message) => {
      const before = await written()
      const business = await businessOn(domain)
      expect(await batch([{ businessId: business!.id, buyCycle: 1 }])).toEqual({
        code: 400,
        message,
        data: null,
      })
      expect(await written()).toEqual(before)
    })

    it('a product already in an unpaid renewal: single (星辰商城) or batch; a single 续费 of a batched one too', async () => {
      const shop = await businessOn('xcshop')
      let before = await written()
      expect(await batch([{ businessId: shop.id, buyCycle: 1 }])).toEqual({
        code: 400,
        message: RENEWAL_MESSAGES.pendingRenewal,
        data: null,
      })
      expect(await written()).toEqual(before)

      const first = await batch([{ businessId: own, buyCycle: 1 }])
      expect(first.code).toBe(200)
      before = await written()
      expect(
        await batch([
          { businessId: ownToo, buyCycle: 1 },
          { businessId: own, buyCycle: 2 },
        ]),
      ).toEqual({ code: 400, message: RENEWAL_MESSAGES.pendingRenewal, data: null })
      const single = await server.post(
        '/oapi/newac/GenerateOrder',
        {
          SkuId: 'SKU-SITE-STD',
          OrderTypeId: 2,
          BuyCycle: 1,
          CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'refuse-a' }),
        },
        { token: owner },
      )
      expect(single).toMatchObject({ code: 400, message: RENEWAL_MESSAGES.pendingRenewal })
      expect(await written()).toEqual(before)
      // The product card's 续费 sends the owner to pay the batch (checkUnPaidOrder 300).
      expect(await server.get(`/api/pc/checkUnPaidOrder?businessId=${own}`, { token: owner })).toMatchObject({
        data: { status: 300, orderCode: first.data.orderCode },
      })

      // Once the batch is voided, the product may be renewed again.
      expect(
        await server.post(
          '/api/pc/syncOrderStatus',
          { orderCode: first.data.orderCode, status: 4 },
          { token: owner },
        ),
      ).toMatchObject({ code: 200 })
      expect((await batch([{ businessId: own, buyCycle: 2 }])).code).toBe(200)
    })

    it('two batches at once cannot both take one product', async () => {
      const shared = (await addBusiness(mainAccountId, 'race-shared', 'SKU-SITE-STD', 9)).id
      const answers = await Promise.all([
        batch([{ businessId: shared, buyCycle: 1 }]),
        batch([{ businessId: shared, buyCycle: 2 }]),
      ])
      expect(answers.map((a) => a.code).sort()).toEqual([200, 400])
      const lines = await server.db.select().from(orderLines).where(eq(orderLines.businessId, shared))
      expect(lines).toHaveLength(1)
    })

    it('a sub-admin is refused', async () => {
      const before = await written()
      expect(await batch([{ businessId: ownToo, buyCycle: 1 }], subAdmin)).toMatchObject({ code: 403 })
      expect(await written()).toEqual(before)
    })
  })
})

describe('order lines', () => {
  it('every seeded order has exactly one line matching its columns', async () => {
    const seeded = await server.db
      .select()
      .from(orders)
      .where(and(inArray(orders.accountId, [mainAccountId, otherAccountId])))
    const codes = seeded.filter((order) => order.orderCode.startsWith('MC'))
    expect(codes.length).toBeGreaterThan(20)
    const lines = await server.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          codes.map((order) => order.id),
        ),
      )
    for (const order of codes) {
      const own = lines.filter((l) => l.orderId === order.id)
      expect(own).toEqual([
        expect.objectContaining({
          businessId: order.businessId,
          skuId: order.skuId,
          productName: order.productName,
          productVersion: order.productVersion,
          productType: order.productType,
          secondDomain: order.secondDomain,
          cycleNum: order.cycleNum,
          payMethod: order.payMethod,
          amount: order.payAmount,
        }),
      ])
    }
  })

  it('a single order answers its one line; a purchase line learns the business it opened', async () => {
    const answer = await server.post<PaymentLine[]>(
      '/oapi/newac/GenerateOrder',
      {
        SkuId: 'SKU-SITE-STD',
        OrderTypeId: 1,
        BuyCycle: 2,
        CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'lines-new-site' }),
      },
      { token: owner },
    )
    const code = answer.data ?? (answer as unknown as { Data: PaymentLine[] }).Data
    expect(code).toEqual([
      {
        OrderNo: code[0]!.OrderNo,
        ProductName: '自助建站',
        ProductTypeName: '标准版',
        BuyCycle: 2,
        PayMethod: '年',
        Count: 1,
        Price: '3960.00',
        secondDomain: 'lines-new-site',
      },
    ])
    expect(await pay(code[0]!.OrderNo)).toMatchObject({ data: 'paid' })
    const opened = await businessOn('lines-new-site')
    const [order] = await server.db.select().from(orders).where(eq(orders.orderCode, code[0]!.OrderNo))
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id))
    expect(lines).toEqual([
      expect.objectContaining({ businessId: opened.id, amount: '3960.00', cycleNum: 2 }),
    ])
  })
})

describe('migration 0023', () => {
  const RENEWAL_MIGRATION = '0023_renewal_centre'
  let folder: string | undefined

  /** The migrations folder as it was before the renewal centre. */
  function migrationsBefore(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-before-0023-'))
    folder = dir
    fs.mkdirSync(path.join(dir, 'meta'))
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { idx: number; tag: string }[]
    }
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag === RENEWAL_MIGRATION),
    )
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal))
    for (const { tag } of journal.entries) {
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(dir, `${tag}.sql`))
    }
    return dir
  }

  afterAll(() => folder && fs.rmSync(folder, { recursive: true, force: true }))

  it('keeps every existing order as one line with its columns', async () => {
    const handle = await openDatabase(MEMORY_URL, { PGlite: hostPGlite() })
    try {
      if (handle.driver.kind !== 'pglite') throw new Error('PGlite expected')
      await migrate(handle.driver.db, { migrationsFolder: migrationsBefore() })
      const at = new Date()
      const [member] = await handle.db
        .insert(members)
        .values({ phone: '13900000001', email: '', passwordHash: 'x', passwordUpdatedAt: at, createdAt: at })
        .returning({ id: members.id })
      const [account] = await handle.db
        .insert(accounts)
        .values({
          ownerMemberId: member!.id,
          memberAccount: 'before_0023',
          accountName: '迁移前',
          createdAt: at,
        })
        .returning({ id: accounts.id })
      // Only the columns that existed before 0023 (drizzle would name renewal_mode too).
      await handle.db.execute(sql`
        insert into businesses (account_id, order_code, sku_id, second_domain, product_name, product_version,
          product_type, status, created_at)
        values (${account!.id}, 'OLD-OPEN', 'SKU-SITE-PRO', 'before-0023', '自助建站', '专业版', 1, 1, now())`)
      const [business] = await handle.db
        .select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.secondDomain, 'before-0023'))
      const old = { accountId: account!.id, productName: '自助建站', productType: 1, createdAt: at }
      await handle.db.insert(orders).values([
        {
          ...old,
          orderCode: 'OLD-RENEWAL',
          businessId: business!.id,
          skuId: 'SKU-SITE-PRO',
          productVersion: '专业版',
          orderType: 2,
          cycleNum: 3,
          secondDomain: 'before-0023',
          status: 1,
          originalAmount: '11940.00',
          payAmount: '11000.00',
        },
        {
          ...old,
          orderCode: 'OLD-PURCHASE',
          skuId: 'SKU-SITE-STD',
          orderType: 1,
          status: 3,
          originalAmount: '1980.00',
          payAmount: '1980.00',
        },
      ])

      await migrateDatabase(handle)
      const lines = await handle.db
        .select({
          orderCode: orders.orderCode,
          businessId: orderLines.businessId,
          skuId: orderLines.skuId,
          productName: orderLines.productName,
          productVersion: orderLines.productVersion,
          productType: orderLines.productType,
          secondDomain: orderLines.secondDomain,
          cycleNum: orderLines.cycleNum,
          payMethod: orderLines.payMethod,
          amount: orderLines.amount,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .orderBy(asc(orderLines.id))
      expect(lines).toEqual([
        {
          orderCode: 'OLD-RENEWAL',
          businessId: business!.id,
          skuId: 'SKU-SITE-PRO',
          productName: '自助建站',
          productVersion: '专业版',
          productType: 1,
          secondDomain: 'before-0023',
          cycleNum: 3,
          payMethod: '年',
          // What was paid: a line's amount is the order's pay amount.
          amount: '11000.00',
        },
        {
          orderCode: 'OLD-PURCHASE',
          businessId: null,
          skuId: 'SKU-SITE-STD',
          productName: '自助建站',
          productVersion: '',
          productType: 1,
          secondDomain: '',
          cycleNum: 1,
          payMethod: '年',
          amount: '1980.00',
        },
      ])
    } finally {
      await handle.close()
    }
  }, 60_000)
})

function line(
  OrderNo: string,
  ProductName: string,
  ProductTypeName: string,
  BuyCycle: number,
  Price: string,
  secondDomain: string,
): PaymentLine {
  return { OrderNo, ProductName, ProductTypeName, BuyCycle, PayMethod: '年', Count: 1, Price, secondDomain }
}
