import { and, eq } from 'drizzle-orm'
import { accounts, businesses, orders } from '../../server/db/schema'
import type { Order } from '../../src/core/contract/orders'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let subAdmin: string
let otherOwner: string
let mainId: number
let otherId: number

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

interface Page<T> {
  data: T[]
  total: number
  pages: number
}

const list = (token: string, pageNum = 1, pageSize = 10) =>
  server.get<Page<Order>>(`/api/pc/getOrder?pageNum=${pageNum}&pageSize=${pageSize}`, { token })

async function orderOf(accountId: number, where: Partial<typeof orders.$inferSelect>) {
  const rows = await server.db.select().from(orders).where(eq(orders.accountId, accountId))
  return rows.find((row) => Object.entries(where).every(([k, v]) => row[k as keyof typeof row] === v))!
}

describe('GET /api/pc/getOrder (doc2 §2 Order list)', () => {
  it('pages the main account’s own orders, newest first, 10 a page', async () => {
    const first = await list(owner)
    expect(first.code).toBe(200)
    expect(first.data.data).toHaveLength(10)
    expect(first.data.total).toBeGreaterThan(10)
    expect(first.data.pages).toBe(Math.ceil(first.data.total / 10))
    const times = first.data.data.map((o) => o.createTime)
    expect([...times].sort().reverse()).toEqual(times)
    const all = await list(owner, 1, 100)
    const own = await server.db.select().from(orders).where(eq(orders.accountId, mainId))
    expect(all.data.data.map((o) => o.orderCode).sort()).toEqual(own.map((o) => o.orderCode).sort())
  })

  it('the seed holds every order status, bill status, sign status and channel', async () => {
    const all = (await list(owner, 1, 100)).data.data
    expect(new Set(all.map((o) => o.status))).toEqual(new Set([1, 2, 3, 4]))
    expect(new Set(all.map((o) => o.billStatus))).toEqual(new Set([1, 2, 3, 4, 5]))
    expect(new Set(all.map((o) => o.signStatus))).toEqual(new Set([0, 1, 2, 3, 4]))
    for (const channel of [1638, 31, 1723, 1740, 32])
      expect(all.map((o) => o.salesChannel)).toContain(channel)
    const issued = all.find((o) => o.billStatus === 4)!
    expect(issued.billUrl).toMatch(/^http:\/\/localhost(:\d+)?\/__dev\/esign\/invoices\/[0-9a-f]{32}\.pdf$/)
    const pdf = await server.app.inject({ method: 'GET', url: new URL(issued.billUrl).pathname })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refuses a sub-administrator (doc2 §6) and a caller without a session', async () => {
    const refused = await list(subAdmin)
    expect(refused).toEqual({ code: 403, message: '无权访问', data: null })
    expect((await server.get('/api/pc/getOrder?pageNum=1&pageSize=10')).code).toBe(996)
  })

  it('another account sees only its own orders', async () => {
    const theirs = (await list(otherOwner, 1, 100)).data.data
    const mine = (await list(owner, 1, 100)).data.data.map((o) => o.orderCode)
    expect(theirs.length).toBeGreaterThan(0)
    for (const order of theirs) expect(mine).not.toContain(order.orderCode)
  })

  it.each([
    ['pageSize over 100', 'pageNum=1&pageSize=101'],
    ['page 0', 'pageNum=0&pageSize=10'],
    ['no paging', ''],
  ])('answers 非法参数 for %s', async (_name, query) => {
    expect(await server.get(`/api/pc/getOrder?${query}`, { token: owner })).toMatchObject({
      code: 400,
      message: '非法参数',
    })
  })
})

describe('getOrderDetails and getOrderById (doc2 §2 Order detail)', () => {
  it('lists the orders of one business of the account', async () => {
    const [business] = await server.db.select().from(businesses).where(eq(businesses.accountId, mainId))
    const answer = await server.get<Page<Order>>(
      `/api/pc/getOrderDetails?businessId=${business.id}&pageNum=1&pageSize=10`,
      { token: owner },
    )
    expect(answer.code).toBe(200)
    expect(answer.data.data.length).toBeGreaterThan(0)
    for (const order of answer.data.data) expect(order.businessId).toBe(business.id)
  })

  it('refuses another account’s business and order', async () => {
    const [theirs] = await server.db.select().from(businesses).where(eq(businesses.accountId, otherId))
    expect(
      await server.get(`/api/pc/getOrderDetails?businessId=${theirs.id}&pageNum=1&pageSize=10`, {
        token: owner,
      }),
    ).toEqual({ code: 403, message: '无权访问', data: null })
    const order = await orderOf(otherId, {})
    expect(await server.get(`/api/pc/getOrderById?orderId=${order.id}`, { token: owner })).toEqual({
      code: 403,
      message: '无权访问',
      data: null,
    })
  })

  it('gives one own order by id, and refuses a sub-administrator', async () => {
    const order = await orderOf(mainId, { status: 1 })
    const answer = await server.get<Order>(`/api/pc/getOrderById?orderId=${order.id}`, { token: owner })
    expect(answer.data).toMatchObject({ id: order.id, orderCode: order.orderCode, status: 1 })
    expect((await server.get(`/api/pc/getOrderById?orderId=${order.id}`, { token: subAdmin })).code).toBe(403)
  })
})

describe('void an order (doc2 §4 cancel)', () => {
  const update = (token: string, OrderNo: string) =>
    server.post<null>('/oapi/newac/UpdateOrder', { OrderNo, orderProcessStatusId: 4 }, { token })
  const sync = (token: string, orderCode: string, status = 4) =>
    server.post<null>('/api/pc/syncOrderStatus', { orderCode, status }, { token })

  it('UpdateOrder then syncOrderStatus void an unpaid order', async () => {
    const order = await orderOf(mainId, { status: 3, orderCode: 'MC202611000003' })
    expect(await update(owner, order.orderCode)).toMatchObject({ IsSuccess: true })
    expect(await sync(owner, order.orderCode)).toMatchObject({ code: 200 })
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row.status).toBe(4)
  })

  it.each([
    ['paid', 1],
    ['refunded', 2],
  ])('refuses to void a %s order', async (_name, status) => {
    const order = await orderOf(mainId, { status })
    expect(await update(owner, order.orderCode)).toMatchObject({
      IsSuccess: false,
      Message: '只有未支付的订单可以作废',
    })
    expect(await sync(owner, order.orderCode)).toEqual({
      code: 400,
      message: '只有未支付的订单可以作废',
      data: null,
    })
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row.status).toBe(status)
  })

  it('refuses another account, a sub-administrator and any status but 4', async () => {
    const theirs = await orderOf(otherId, { status: 3 })
    expect(await sync(owner, theirs.orderCode)).toEqual({ code: 403, message: '无权访问', data: null })
    expect(await update(owner, theirs.orderCode)).toMatchObject({ IsSuccess: false, Message: '无权访问' })
    const mine = await orderOf(mainId, { status: 3 })
    expect((await sync(subAdmin, mine.orderCode)).code).toBe(403)
    expect((await update(subAdmin, mine.orderCode)) as unknown).toMatchObject({ code: 403 })
    expect(await sync(owner, mine.orderCode, 1)).toMatchObject({ code: 400, message: '非法参数' })
    const rows = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, theirs.id), eq(orders.status, 3)))
    expect(rows).toHaveLength(1)
  })
})

describe('GET /api/app/evaluate/getEvaluateUrl', () => {
  it('gives a paid order’s survey link and refuses unpaid, voided and other accounts’ orders', async () => {
    const paid = await orderOf(mainId, { status: 1 })
    const answer = await server.get<string>(`/api/app/evaluate/getEvaluateUrl?orderId=${paid.id}`, {
      token: owner,
    })
    expect(answer.data).toMatch(/\/evaluate\?uuId=[0-9a-f-]{36}$/)
    for (const status of [3, 4]) {
      const order = await orderOf(mainId, { status })
      expect(
        await server.get(`/api/app/evaluate/getEvaluateUrl?orderId=${order.id}`, { token: owner }),
      ).toEqual({
        code: 400,
        message: '该订单暂不能评价',
        data: null,
      })
    }
    const theirs = await orderOf(otherId, { status: 1 })
    expect(
      (await server.get(`/api/app/evaluate/getEvaluateUrl?orderId=${theirs.id}`, { token: owner })).code,
    ).toBe(403)
  })
})

describe('an order that is not the caller’s looks exactly like one that does not exist', () => {
  const MISSING_ID = 2_000_000_000
  const MISSING_CODE = 'NOSUCHORDER'

  /** Every order-management call that takes an order id or code, with that id and code. */
  const calls = (id: number, code: string): [string, (token: string) => Promise<unknown>][] => [
    ['getOrderById', (token) => server.get(`/api/pc/getOrderById?orderId=${id}`, { token })],
    ['getEvaluateUrl', (token) => server.get(`/api/app/evaluate/getEvaluateUrl?orderId=${id}`, { token })],
    ['getContractUrl', (token) => server.get(`/api/esign/getContractUrl?orderId=${id}`, { token })],
    [
      'applyBill',
      (token) =>
        server.post(
          '/api/pc/applyBill',
          {
            orderId: id,
            subject: 1,
            billType: 1,
            title: '张星辰',
            IdCard: '11010519491231002X',
            applicant: '张星辰',
            applicantPhone: '13800000001',
            receiveMail: 'owner@xingchen-demo.cn',
          },
          { token },
        ),
    ],
    [
      'applyContract',
      (token) =>
        server.post(
          '/api/esign/applyContract',
          {
            orderId: id,
            applyType: 0,
            name: '张星辰',
            idType: 'CRED_PSN_CH_IDCARD',
            idNumber: '11010519491231002X',
            mobile: '13800000001',
          },
          { token },
        ),
    ],
    [
      'syncOrderStatus',
      (token) => server.post('/api/pc/syncOrderStatus', { orderCode: code, status: 4 }, { token }),
    ],
    [
      'UpdateOrder',
      (token) =>
        server.post('/oapi/newac/UpdateOrder', { OrderNo: code, orderProcessStatusId: 4 }, { token }),
    ],
  ]

  it('answers the same code and message for another account’s order and a missing one, on every call', async () => {
    // A paid order of the other account: invoices and contracts would be open on it.
    const theirs = await orderOf(otherId, { status: 1 })
    const foreign = calls(theirs.id, theirs.orderCode)
    const missing = calls(MISSING_ID, MISSING_CODE)
    for (const [index, [name, call]] of foreign.entries()) {
      const answer = await call(owner)
      expect({ name, answer }).toEqual({ name, answer: await missing[index]![1](owner) })
      expect(answer).toMatchObject({ code: 403 })
    }
    const [row] = await server.db.select().from(orders).where(eq(orders.id, theirs.id))
    expect(row).toEqual(theirs)
  })

  it('refuses a sub-administrator every order-management call on its own account’s orders', async () => {
    const mine = await orderOf(mainId, { status: 1 })
    for (const [name, call] of [
      ...calls(mine.id, mine.orderCode),
      ['getOrder', (token: string) => list(token)] as const,
      [
        'getOrderDetails',
        (token: string) =>
          server.get(`/api/pc/getOrderDetails?businessId=${mine.businessId}&pageNum=1&pageSize=10`, {
            token,
          }),
      ] as const,
    ]) {
      expect({ name, answer: await call(subAdmin) }).toMatchObject({
        name,
        answer: { code: 403, data: null },
      })
    }
  })
})
