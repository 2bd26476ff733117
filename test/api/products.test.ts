import { eq } from 'drizzle-orm'
import { businesses, orders, subAccounts } from '../../server/db/schema'
import { DEMO_UNPAID_RENEWAL } from '../../server/seed/products'
import type { AppContext } from '../../server/context'
import { createFulfilment, SETTLE_MS } from '../../server/services/checkout/fulfilment'
import type { OrderRow } from '../../server/services/orders/order-lines'
import type { ProductCard } from '../../src/core/contract/products'
import { PRODUCT_MESSAGES } from '../../server/services/products/products'
import { LISTS_CHANNEL } from '../../server/services/shared/first-page-cache'
import { insertOrder } from '../../server/services/orders/order-lines'
import { createNotifier } from '../../server/services/notifications/notifier'
import { createOutbox } from '../../server/services/outbox/outbox'
import { createReminders } from '../../server/services/renewal/reminders'
import { DEMO, testConfig, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let subAdmin: string
let otherOwner: string

beforeAll(async () => {
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

interface ProductPage {
  data: ProductCard[]
  total: number
  pages: number
  isWebsiteManage: number
}

const products = (token: string, pageNum = 1, pageSize = 4) =>
  server.get<ProductPage>(`/api/pc/getProducts?pageNum=${pageNum}&pageSize=${pageSize}`, { token })

async function businessId(secondDomain: string) {
  const [row] = await server.db.select().from(businesses).where(eq(businesses.secondDomain, secondDomain))
  return row!.id
}

const context = (): AppContext => ({
  db: server.db,
  config: testConfig(),
  now: server.clock,
  log: server.app.log,
})

/** What the payment service does when an order becomes paid (renewal notices without providers). */
const fulfil = (order: OrderRow) => {
  const ctx = context()
  const notifier = createNotifier(ctx, { outbox: createOutbox(ctx, { sms: null, mail: null }) })
  const reminders = createReminders(ctx, { notifier })
  return server.db.transaction((tx) => createFulfilment(ctx, { reminders }).fulfilOrder(tx, order))
}

/** Written straight to the database, as another instance would: waits for the kept pages to go. */
async function setWebsiteManage(flag: number) {
  const subAdminNamed = eq(subAccounts.fullName, '李子管')
  const [{ accountId }] = await server.db.select().from(subAccounts).where(subAdminNamed)
  const heard = server.notified(LISTS_CHANNEL, accountId)
  await server.db.update(subAccounts).set({ isWebsiteManage: flag }).where(subAdminNamed)
  await heard
}

describe('GET /api/pc/getProducts', () => {
  it('pages the main account’s products 4 at a time, newest first, with the card fields', async () => {
    const first = await products(owner)
    expect(first.code).toBe(200)
    expect(first.data.total).toBe(10)
    expect(first.data.pages).toBe(3)
    expect(first.data.isWebsiteManage).toBe(1)
    expect(first.data.data.map((c) => c.secondDomain)).toEqual(['xingchen', 'xcshop', 'xcblog', 'xcproject'])
    expect(first.data.data[0]).toMatchObject({
      orderCode: 'MC202600000101',
      skuId: 'SKU-ENT-WEB',
      websiteName: '星辰科技官网',
      productName: '企业官网',
      productVersion: '旗舰版',
      source: 1,
      status: 1,
      channel: 32,
      newOrder: 1,
      isWebsiteManage: 1,
      openTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const last = await products(owner, 3)
    expect(last.data.data.map((c) => c.secondDomain)).toEqual(['xcpartner', 'xcbutler'])
  })

  it('covers every product status 0-6 in the demo data', async () => {
    const all = await products(owner, 1, 20)
    expect([...new Set(all.data.data.map((c) => c.status))].sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('says on each card whether a higher edition of its product is sold (canUpgrade)', async () => {
    const all = await products(owner, 1, 20)
    const canUpgrade = Object.fromEntries(all.data.data.map((c) => [c.skuId, c.canUpgrade]))
    // 自助建站 标准版 → 专业版; 专业版 and the single-edition 企业官网 are at the top.
    expect(canUpgrade).toMatchObject({ 'SKU-SITE-STD': 1, 'SKU-SITE-PRO': 0, 'SKU-ENT-WEB': 0 })
  })

  it('shows another account only its own products', async () => {
    const page = await products(otherOwner)
    expect(page.data.data.map((c) => c.secondDomain).sort()).toEqual(['yfexport', 'yunfan'])
  })

  it('shows a sub-admin the account’s products only while its website-management flag is on', async () => {
    await setWebsiteManage(1)
    expect((await products(subAdmin)).data.total).toBe(10)
    await setWebsiteManage(0)
    try {
      const page = await products(subAdmin)
      expect(page.code).toBe(200)
      expect(page.data).toEqual({ data: [], total: 0, pages: 0, isWebsiteManage: 0 })
      const renew = await server.get(`/api/pc/getRenewSkuId?businessId=${await businessId('xingchen')}`, {
        token: subAdmin,
      })
      expect(renew).toMatchObject({ code: 403, message: PRODUCT_MESSAGES.noWebsiteManage, data: null })
      expect((await server.get<unknown[]>('/api/pc/getSiteListByEmpId', { token: subAdmin })).data).toEqual(
        [],
      )
    } finally {
      await setWebsiteManage(1)
    }
    expect(
      (await server.get<unknown[]>('/api/pc/getSiteListByEmpId', { token: subAdmin })).data,
    ).toHaveLength(10)
  })

  it('refuses bad paging and a missing token', async () => {
    expect((await server.get('/api/pc/getProducts?pageNum=0&pageSize=4', { token: owner })).code).toBe(400)
    expect((await server.get('/api/pc/getProducts?pageNum=1&pageSize=4')).code).toBe(996)
  })
})

describe('sites and ownership checks', () => {
  it('lists the viewer’s sites', async () => {
    const sites = await server.get<{ siteName: string; siteUrl: string }[]>('/api/pc/getSiteListByEmpId', {
      token: otherOwner,
    })
    expect(sites.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ siteName: '云帆贸易官网', siteUrl: 'https://www.yunfan-demo.cn' }),
      ]),
    )
    expect(sites.data).toHaveLength(2)
  })

  it('checkBusinessBind answers 1 for the viewer’s own domain and 0 for another account’s', async () => {
    expect((await server.get('/api/pc/checkBusinessBind?secondDomain=xingchen', { token: owner })).data).toBe(
      1,
    )
    expect((await server.get('/api/pc/checkBusinessBind?secondDomain=yunfan', { token: owner })).data).toBe(0)
  })
})

describe('renewal calls', () => {
  it('getRenewSkuId gives the business’s own SKU', async () => {
    const answer = await server.get(`/api/pc/getRenewSkuId?businessId=${await businessId('xcshop')}`, {
      token: owner,
    })
    expect(answer).toMatchObject({ code: 200, data: 'SKU-SITE-PRO' })
  })

  it('checkUnPaidOrder answers 300 with the pending renewal order, else 200', async () => {
    const pending = await server.get(`/api/pc/checkUnPaidOrder?businessId=${await businessId('xcshop')}`, {
      token: owner,
    })
    expect(pending.data).toEqual({ status: 300, orderCode: DEMO_UNPAID_RENEWAL })
    const none = await server.get(`/api/pc/checkUnPaidOrder?businessId=${await businessId('xcproject')}`, {
      token: owner,
    })
    expect(none.data).toEqual({ status: 200 })
  })

  it('checkUnPaidOrder answers 200 again once the pending renewal is past its payment deadline', async () => {
    const id = await businessId('xcbutler')
    const accountId = (await server.db.select().from(businesses).where(eq(businesses.id, id)))[0]!.accountId
    await server.db.transaction((tx) =>
      insertOrder(tx, {
        orderCode: 'LATE-RENEWAL-1',
        accountId,
        businessId: id,
        skuId: 'SKU-DAIWEI-BASIC',
        productName: '代维管家',
        productType: 4,
        orderType: 2,
        status: 3,
        originalAmount: '2000.00',
        payAmount: '2000.00',
        createdAt: server.clock(),
        payDeadline: new Date(server.clock().getTime() - 1000),
      }),
    )
    const answer = await server.get(`/api/pc/checkUnPaidOrder?businessId=${id}`, { token: owner })
    expect(answer.data).toEqual({ status: 200 })
  })

  it('getAddressByProjectStatus gives the delivery address, empty when there is none', async () => {
    const found = await server.get('/api/pc/getAddressByProjectStatus?secondDomain=xingchen', {
      token: owner,
    })
    expect(found.data).toEqual({ address: 'https://deliver.yunmeng.example/projects/xingchen' })
    const none = await server.get('/api/pc/getAddressByProjectStatus?secondDomain=xcproject', {
      token: owner,
    })
    expect(none.data).toEqual({ address: '' })
  })

  it.each([
    ['getRenewSkuId', 'businessId'],
    ['checkUnPaidOrder', 'businessId'],
    ['miandenglu', 'businessId'],
  ])('%s refuses another account’s business without data', async (call) => {
    const answer = await server.get(`/api/pc/${call}?businessId=${await businessId('xcshop')}`, {
      token: otherOwner,
    })
    expect(answer).toEqual({ code: 403, message: PRODUCT_MESSAGES.businessNotFound, data: null })
  })

  it('getAddressByProjectStatus refuses another account’s domain', async () => {
    const answer = await server.get('/api/pc/getAddressByProjectStatus?secondDomain=xingchen', {
      token: otherOwner,
    })
    expect(answer).toEqual({ code: 403, message: PRODUCT_MESSAGES.businessNotFound, data: null })
  })
})

describe('GET /api/pc/miandenglu', () => {
  it('gives a sign-in link to the backend sandbox that works once', async () => {
    const answer = await server.get<{ url: string }>(
      `/api/pc/miandenglu?businessId=${await businessId('xingchen')}&tag=houtai`,
      { token: owner },
    )
    expect(answer.code).toBe(200)
    const url = new URL(answer.data.url)
    expect(url.pathname).toBe('/__dev/products/backend')
    const first = await server.app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(first.headers['content-type']).toContain('text/html')
    expect(first.body).toContain('星辰科技官网 管理后台')
    const again = await server.app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(again.json()).toMatchObject({ code: 403, message: PRODUCT_MESSAGES.ticketInvalid })
  })

  it('refuses while the product is still opening', async () => {
    const answer = await server.get(
      `/api/pc/miandenglu?businessId=${await businessId('xcblog')}&tag=houtai`,
      {
        token: owner,
      },
    )
    expect(answer).toMatchObject({ code: 400, message: PRODUCT_MESSAGES.opening })
  })
})

describe('after a purchase: selectBusinessIsOpen and fulfilment', () => {
  it('answers false while the new business opens, true once its open time has passed', async () => {
    const bought = await server.post<{ orderCode: string }>(
      '/__dev/products/purchase',
      { skuId: 'SKU-SITE-STD', secondDomain: 'xcnewsite' },
      { token: owner },
    )
    expect(bought.code).toBe(200)
    const { orderCode } = bought.data
    const isOpen = () =>
      server.get(`/api/feignOrder/selectBusinessIsOpen?orderCode=${orderCode}`, { token: owner })
    expect((await isOpen()).data).toBe(false)
    const opening = await products(owner)
    expect(opening.data.data[0]).toMatchObject({ secondDomain: 'xcnewsite', status: 0, source: 1 })

    server.clock.advance(SETTLE_MS)
    expect((await isOpen()).data).toBe(true)
    expect((await products(owner)).data.data[0]).toMatchObject({ secondDomain: 'xcnewsite', status: 1 })
  })

  it('answers another account’s order code exactly as a missing one', async () => {
    const isOpen = (orderCode: string) =>
      server.get(`/api/feignOrder/selectBusinessIsOpen?orderCode=${orderCode}`, { token: otherOwner })
    expect(await isOpen(DEMO_UNPAID_RENEWAL)).toEqual({ code: 508, message: '订单不存在', data: null })
    expect(await isOpen('NOSUCHORDER')).toEqual(await isOpen(DEMO_UNPAID_RENEWAL))
  })

  it('a paid renewal extends from the later of now and the expiry and makes the business valid', async () => {
    const id = await businessId('xcshop')
    const [order] = await server.db.select().from(orders).where(eq(orders.orderCode, DEMO_UNPAID_RENEWAL))
    const paid = { ...order!, status: 1, cycleNum: 2, payTime: server.clock() }
    await fulfil(paid)
    const [renewed] = await server.db.select().from(businesses).where(eq(businesses.id, id))
    expect(renewed).toMatchObject({ status: 1, isExpire: 0 })
    // Expired 3 days ago: two years from now.
    const expected = new Date(server.clock())
    expected.setUTCFullYear(expected.getUTCFullYear() + 2)
    expect(renewed!.expireTime!.getTime()).toBe(expected.getTime())
  })

  it('a paid upgrade shows 升级中 and settles to valid a few seconds later', async () => {
    const at = server.clock()
    const accountId = (
      await server.db.select().from(businesses).where(eq(businesses.secondDomain, 'xingchen'))
    )[0]!.accountId
    // 标准版 with a year left: 专业版 costs the yearly difference, 2000.
    const [business] = await server.db
      .insert(businesses)
      .values({
        accountId,
        orderCode: 'OPEN-UPGRADE-TEST',
        skuId: 'SKU-SITE-STD',
        secondDomain: 'upgrade-test',
        productName: '自助建站',
        productVersion: '标准版',
        productType: 1,
        status: 1,
        expireTime: new Date(at.getTime() + 365 * 24 * 3_600_000),
        createdAt: at,
      })
      .returning()
    const id = business!.id
    const order = await server.db.transaction((tx) =>
      insertOrder(tx, {
        orderCode: 'UPGRADE-TEST-1',
        accountId,
        businessId: id,
        skuId: 'SKU-SITE-PRO',
        productName: '自助建站',
        productVersion: '专业版',
        productType: 1,
        orderType: 3,
        cycleNum: 0,
        status: 1,
        originalAmount: '2000.00',
        payAmount: '2000.00',
        createdAt: at,
        payTime: at,
      }),
    )
    expect(await fulfil(order)).toEqual({ applied: true })
    expect((await server.db.select().from(businesses).where(eq(businesses.id, id)))[0]).toMatchObject({
      skuId: 'SKU-SITE-PRO',
      productVersion: '专业版',
    })
    const statusOf = async () =>
      (await server.db.select().from(businesses).where(eq(businesses.id, id)))[0]!.status
    expect(await statusOf()).toBe(6)
    await products(owner)
    expect(await statusOf()).toBe(6)
    server.clock.advance(SETTLE_MS)
    await products(owner)
    expect(await statusOf()).toBe(1)
  })
})
