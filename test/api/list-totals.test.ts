// Every list's `total` (orders, notices, operation log, work orders) comes from counters the
// database keeps in the writing transaction (migration 0008_list_counts). After inserts, moves
// between accounts and businesses, status changes, soft and hard deletes, in one statement or
// many, committed, rolled back or concurrent, each answer's total must be the number of rows
// that match its filter, counted here with count(*) by conditions written independently of the
// services.
import { and, count, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import {
  accounts,
  businesses,
  notices,
  operateRecords,
  orderLines,
  orders,
  workOrders,
} from '../../server/db/schema'
import { insertOrder, insertOrders } from '../../server/services/orders/order-lines'
import { storeNotice } from '../../server/services/notices/notices'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
/** The same app without its notified caches: what is checked here are the counters themselves. */
let uncached: FastifyInstance
let mainId: number
let otherId: number
let subAdminId: number
let businessIds: number[]
const tokens = { owner: '', subAdmin: '', other: '' }

beforeAll(async () => {
  uncached = await server.buildVariant({}, { listen: undefined })
  const rows = await server.db.select().from(accounts)
  mainId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  tokens.owner = await server.tokenFor(DEMO.owner)
  const subAdmin = await server.login(DEMO.subAdmin)
  tokens.subAdmin = subAdmin.data.token
  subAdminId = subAdmin.data.subAccountId
  tokens.other = await server.tokenFor(DEMO.otherOwner)
  const owned = await server.db.select().from(businesses).where(eq(businesses.accountId, mainId))
  businessIds = owned.map((b) => b.id).slice(0, 2)
}, 60_000)

interface Page {
  data: unknown[]
  total: number
  pages: number
}

/** One list answer and the rows it stands for; `count` answers a number instead of a page. */
interface Check {
  url: string
  who: keyof typeof tokens
  table: PgTable
  where: SQL | undefined
  count?: boolean
}

const rowsOf = async (table: PgTable, where: SQL | undefined) =>
  (await server.db.select({ n: count() }).from(table).where(where))[0].n

async function expectTotals(checks: Check[]) {
  const seen = []
  const expected = []
  for (const check of checks) {
    const response = await uncached.inject({ url: check.url, headers: { token: tokens[check.who] } })
    const answer = response.json() as { code: number; data: Page | number }
    expect({ url: check.url, code: answer.code }).toEqual({ url: check.url, code: 200 })
    const rows = await rowsOf(check.table, check.where)
    if (check.count) {
      seen.push({ url: check.url, who: check.who, total: answer.data })
      expected.push({ url: check.url, who: check.who, total: rows })
    } else {
      const page = answer.data as Page
      seen.push({ url: check.url, who: check.who, total: page.total, pages: page.pages })
      expected.push({ url: check.url, who: check.who, total: rows, pages: Math.ceil(rows / 10) })
    }
  }
  expect(seen).toEqual(expected)
  // A check that only ever sees zero rows would prove nothing.
  return expected.map((e) => e.total)
}

let serial = 0
const next = () => ++serial

// ---- orders ----

const displayed = (accountId: number) => and(eq(orders.accountId, accountId), eq(orders.isDisplay, 1))
const orderChecks = (): Check[] => [
  { url: '/api/pc/getOrder?pageNum=1&pageSize=10', who: 'owner', table: orders, where: displayed(mainId) },
  { url: '/api/pc/getOrder?pageNum=1&pageSize=10', who: 'other', table: orders, where: displayed(otherId) },
  ...businessIds.map((id) => ({
    url: `/api/pc/getOrderDetails?businessId=${id}&pageNum=1&pageSize=10`,
    who: 'owner' as const,
    table: orders,
    where: and(displayed(mainId), eq(orders.businessId, id)),
  })),
]

/** `n` new orders of an account in one statement: every other one hidden, a third in the first business. */
async function addOrders(accountId: number, n: number, business: number | null = null) {
  const values = Array.from({ length: n }, (_, i) => ({
    orderCode: `TOTALS${next()}`,
    accountId,
    businessId: i % 3 === 0 ? (business ?? businessIds[0]) : null,
    skuId: 'sku-totals',
    productName: '云建站 标准版',
    productType: 1,
    orderType: 1,
    status: 1 + (i % 4),
    originalAmount: '199.00',
    payAmount: '199.00',
    isDisplay: i % 2,
    createdAt: new Date(Date.now() - i * 60_000),
  }))
  return server.db.transaction((tx) => insertOrders(tx, values))
}

describe('order list totals', () => {
  it('match the seeded rows, then every insert, hide, move and delete', async () => {
    expect(businessIds).toHaveLength(2)
    const first = await expectTotals(orderChecks())
    expect(first[0]).toBeGreaterThan(0)

    const added = await addOrders(mainId, 25)
    await addOrders(otherId, 7, null)
    const afterInsert = await expectTotals(orderChecks())
    expect(afterInsert[0]).toBe(first[0] + 12)

    // Hidden, shown again, and a status change that moves nothing.
    const ids = added.map((r) => r.id)
    await server.db
      .update(orders)
      .set({ isDisplay: 0 })
      .where(inArray(orders.id, ids.slice(0, 6)))
    await server.db
      .update(orders)
      .set({ isDisplay: 1 })
      .where(inArray(orders.id, ids.slice(10, 14)))
    await server.db.update(orders).set({ status: 4 }).where(inArray(orders.id, ids))
    await expectTotals(orderChecks())

    // Fulfilment opens a business; a product transfer moves orders to another account.
    await server.db
      .update(orders)
      .set({ businessId: businessIds[1] })
      .where(and(inArray(orders.id, ids), isNull(orders.businessId)))
    await server.db
      .update(orders)
      .set({ accountId: otherId, businessId: null })
      .where(inArray(orders.id, ids.slice(20)))
    await expectTotals(orderChecks())

    // An order goes with its lines.
    await server.db.delete(orderLines).where(inArray(orderLines.orderId, ids.slice(14, 22)))
    await server.db.delete(orders).where(inArray(orders.id, ids.slice(14, 22)))
    const end = await expectTotals(orderChecks())
    expect(end[2] + end[3]).toBeGreaterThan(0)
  })

  it('forget a rolled-back insert', async () => {
    const before = await expectTotals(orderChecks())
    await expect(
      server.db.transaction(async (tx) => {
        await insertOrder(tx, {
          orderCode: `TOTALS${next()}`,
          accountId: mainId,
          skuId: 'sku-totals',
          productName: '云建站 标准版',
          productType: 1,
          orderType: 1,
          status: 1,
          originalAmount: '1.00',
          payAmount: '1.00',
          createdAt: new Date(),
        })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await expectTotals(orderChecks())).toEqual(before)
  })
})

// ---- notices ----

const addressed = (subAccountId: number | null, readStatus?: number) =>
  and(
    eq(notices.accountId, mainId),
    subAccountId === null ? isNull(notices.subAccountId) : eq(notices.subAccountId, subAccountId),
    readStatus === undefined ? undefined : eq(notices.readStatus, readStatus),
  )
const noticeChecks = (): Check[] => [
  ...(['owner', 'subAdmin'] as const).flatMap((who) => {
    const sub = who === 'owner' ? null : subAdminId
    const list = '/api/pc/messageList?pageNum=1&pageSize=10'
    return [
      { url: list, who, table: notices, where: addressed(sub) },
      { url: `${list}&readStatus=0`, who, table: notices, where: addressed(sub, 0) },
      { url: `${list}&readStatus=1`, who, table: notices, where: addressed(sub, 1) },
      { url: '/api/pc/getUnReadCount', who, table: notices, where: addressed(sub, 0), count: true },
    ]
  }),
  {
    url: '/api/pc/messageList?pageNum=1&pageSize=10',
    who: 'other',
    table: notices,
    where: and(eq(notices.accountId, otherId), isNull(notices.subAccountId)),
  },
]

const draft = (subAccountId: number | null, i: number) => ({
  accountId: mainId,
  subAccountId,
  type: 1 + (i % 9),
  title: `合计测试 ${i}`,
  content: '<p>合计</p>',
  createdAt: new Date(Date.now() - i * 1000),
})

describe('notice list totals and the unread count', () => {
  it('follow every notice written, read, opened and deleted', async () => {
    await expectTotals(noticeChecks())
    const ids: number[] = []
    for (let i = 0; i < 14; i++) ids.push(await storeNotice(server.db, draft(i % 2 ? subAdminId : null, i)))
    // Several in one statement, some already read.
    await server.db
      .insert(notices)
      .values(Array.from({ length: 12 }, (_, i) => ({ ...draft(null, i), readStatus: i % 2 })))
    const inserted = await expectTotals(noticeChecks())
    expect(inserted[1]).toBeGreaterThan(10)

    const mine = ids.filter((_, i) => i % 2 === 0)
    const theirs = ids.filter((_, i) => i % 2 === 1)
    expect(
      (
        await server.post(
          '/api/pc/doReadMsg',
          { signRead: 1, idsList: mine.slice(0, 3) },
          { token: tokens.owner },
        )
      ).code,
    ).toBe(200)
    // Read twice, and another addressee's ids: nothing moves.
    await server.post(
      '/api/pc/doReadMsg',
      { signRead: 1, idsList: [...mine.slice(0, 3), ...theirs] },
      { token: tokens.owner },
    )
    expect(
      (await server.get(`/api/pc/selectMessageInfoById?id=${mine[4]}`, { token: tokens.owner })).code,
    ).toBe(200)
    await expectTotals(noticeChecks())

    await server.post('/api/pc/delMsg', { signRead: 1, idsList: [mine[0], mine[5]] }, { token: tokens.owner })
    await server.post('/api/pc/doReadMsg', { signRead: 2 }, { token: tokens.subAdmin })
    const read = await expectTotals(noticeChecks())
    expect(read[5]).toBe(0)

    await server.post('/api/pc/delMsg', { signRead: 2 }, { token: tokens.subAdmin })
    // Marked unread again (nothing in the console does it, the counters must follow any update).
    await server.db.update(notices).set({ readStatus: 0 }).where(inArray(notices.id, mine))
    const end = await expectTotals(noticeChecks())
    expect(end[4]).toBe(0)
  })

  it('stay exact under concurrent writers', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => storeNotice(server.db, draft(null, 100 + i))),
    )
    await Promise.all([
      ...ids
        .slice(0, 10)
        .map((id) => server.get(`/api/pc/selectMessageInfoById?id=${id}`, { token: tokens.owner })),
      ...ids
        .slice(5, 15)
        .map((id) => server.post('/api/pc/delMsg', { signRead: 1, idsList: [id] }, { token: tokens.owner })),
      ...Array.from({ length: 10 }, (_, i) => storeNotice(server.db, draft(subAdminId, 200 + i))),
      server.post('/api/pc/doReadMsg', { signRead: 1, idsList: ids.slice(12) }, { token: tokens.owner }),
    ])
    const totals = await expectTotals(noticeChecks())
    expect(totals[0]).toBeGreaterThan(10)
  })
})

// ---- operation log ----

const ownLog = (accountId: number, subAccountId: number | null) =>
  and(
    eq(operateRecords.accountId, accountId),
    subAccountId === null
      ? isNull(operateRecords.subAccountId)
      : eq(operateRecords.subAccountId, subAccountId),
  )
const logChecks = (): Check[] => {
  const url = '/api/app/account/getMyOperateRecordList?pageNum=1&pageSize=10'
  return [
    { url, who: 'owner', table: operateRecords, where: ownLog(mainId, null) },
    { url, who: 'subAdmin', table: operateRecords, where: ownLog(mainId, subAdminId) },
    { url, who: 'other', table: operateRecords, where: ownLog(otherId, null) },
  ]
}

const entries = (subAccountId: number | null, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    accountId: mainId,
    subAccountId,
    memberAccount: DEMO.mainAccount,
    type: i % 11,
    content: `合计测试操作 ${i}`,
    status: i % 2,
    createdAt: new Date(Date.now() - i * 1000),
  }))

describe('operation log totals', () => {
  it('follow entries written, deleted and emptied', async () => {
    await expectTotals(logChecks())
    const added = await server.db
      .insert(operateRecords)
      .values([...entries(null, 13), ...entries(subAdminId, 4)])
      .returning({ id: operateRecords.id })
    await Promise.all(entries(subAdminId, 6).map((entry) => server.db.insert(operateRecords).values(entry)))
    const inserted = await expectTotals(logChecks())
    expect(inserted[0]).toBeGreaterThanOrEqual(13)
    expect(inserted[1]).toBeGreaterThanOrEqual(10)

    await server.db.delete(operateRecords).where(
      inArray(
        operateRecords.id,
        added.slice(8, 15).map((r) => r.id),
      ),
    )
    await expectTotals(logChecks())

    // Emptied at once (a TRUNCATE fires no row trigger): the counters are emptied with it.
    await server.db.execute(sql`truncate ${operateRecords}`)
    expect(await expectTotals(logChecks())).toEqual([0, 0, 0])
    await server.db.insert(operateRecords).values(entries(null, 3))
    expect(await expectTotals(logChecks())).toEqual([3, 0, 0])
  })
})

// ---- work orders ----

const visible = (subAccountId?: number) =>
  and(
    eq(workOrders.accountId, mainId),
    subAccountId === undefined ? undefined : eq(workOrders.subAccountId, subAccountId),
    isNull(workOrders.deletedAt),
  )
const BEIJING_DAY = (day: string) => new Date(`${day}T00:00:00+08:00`)
const workOrderChecks = (): Check[] => {
  const list = '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10'
  const count = '/api/acWorkOrder/getMyWorkOrderCount'
  const inStatus = (statuses: number[], sub?: number) =>
    and(visible(sub), inArray(workOrders.status, statuses))
  return [
    { url: list, who: 'owner', table: workOrders, where: visible() },
    { url: `${list}&status=0`, who: 'owner', table: workOrders, where: inStatus([0]) },
    { url: `${list}&status=0,1,2,5`, who: 'owner', table: workOrders, where: inStatus([0, 1, 2, 5]) },
    { url: `${list}&status=4`, who: 'owner', table: workOrders, where: inStatus([4]) },
    { url: list, who: 'subAdmin', table: workOrders, where: visible(subAdminId) },
    { url: `${list}&status=3`, who: 'subAdmin', table: workOrders, where: inStatus([3], subAdminId) },
    { url: count, who: 'owner', table: workOrders, where: visible(), count: true },
    {
      url: `${count}?status=0,1,2,5`,
      who: 'owner',
      table: workOrders,
      where: inStatus([0, 1, 2, 5]),
      count: true,
    },
    {
      url: `${count}?status=3`,
      who: 'subAdmin',
      table: workOrders,
      where: inStatus([3], subAdminId),
      count: true,
    },
    // Text and date filters are counted: a full first page, and a short one.
    {
      url: `${list}&keyword=${encodeURIComponent('合计')}`,
      who: 'owner',
      table: workOrders,
      where: and(visible(), sql`${workOrders.description} ilike '%合计%'`),
    },
    {
      url: `${list}&keyword=${encodeURIComponent('合计一')}`,
      who: 'owner',
      table: workOrders,
      where: and(visible(), sql`${workOrders.description} ilike '%合计一%'`),
    },
    {
      url: `${list}&submitTimeStartDate=2026-01-01&submitTimeEndDate=2026-01-31`,
      who: 'owner',
      table: workOrders,
      where: and(
        visible(),
        gte(workOrders.createdAt, BEIJING_DAY('2026-01-01')),
        lt(workOrders.createdAt, BEIJING_DAY('2026-02-01')),
      ),
    },
    // A page past the end shows nothing of the total: it is counted.
    {
      url: `/api/acWorkOrder/getMyWorkOrderList?pageNum=99&pageSize=10&keyword=${encodeURIComponent('合计一')}`,
      who: 'owner',
      table: workOrders,
      where: and(visible(), sql`${workOrders.description} ilike '%合计一%'`),
    },
  ]
}

async function insertWorkOrders(n: number) {
  const values = Array.from({ length: n }, (_, i) => ({
    accountId: mainId,
    subAccountId: i % 3 === 0 ? subAdminId : null,
    number: `T${String(next()).padStart(7, '0')}`,
    type: 2,
    description: i % 5 === 0 ? '合计一 首页打不开' : '合计 首页打不开',
    status: i % 6,
    createdAt:
      i % 4 === 0 ? new Date(`2026-01-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00+08:00`) : new Date(),
  }))
  return (await server.db.insert(workOrders).values(values).returning({ id: workOrders.id })).map((r) => r.id)
}

describe('work order list totals and counts', () => {
  it('follow every insert, status change and delete, with and without filters', async () => {
    const seeded = await expectTotals(workOrderChecks())
    expect(seeded[0]).toBeGreaterThan(0)
    const ids = await insertWorkOrders(36)
    const inserted = await expectTotals(workOrderChecks())
    expect(inserted[9]).toBeGreaterThan(10)
    expect(inserted[10]).toBeGreaterThan(0)
    expect(inserted[10]).toBeLessThan(10)
    expect(inserted[11]).toBeGreaterThan(0)

    // Statuses change one by one and several at a time; one moves from a sub-admin to the owner.
    await server.db
      .update(workOrders)
      .set({ status: 3 })
      .where(inArray(workOrders.id, ids.slice(0, 9)))
    await server.db.update(workOrders).set({ status: 4 }).where(eq(workOrders.id, ids[10]))
    await server.db.update(workOrders).set({ subAccountId: null }).where(eq(workOrders.id, ids[3]))
    await expectTotals(workOrderChecks())

    // The customer deletes a closed one (kept, shown nowhere), another is removed for good.
    const deleted = await server.post(
      '/api/acWorkOrder/deleteWorkOrder',
      { id: ids[10] },
      { token: tokens.owner },
    )
    expect(deleted.code).toBe(200)
    await server.db
      .update(workOrders)
      .set({ deletedAt: new Date() })
      .where(inArray(workOrders.id, ids.slice(20, 24)))
    await server.db.delete(workOrders).where(inArray(workOrders.id, ids.slice(30)))
    const end = await expectTotals(workOrderChecks())
    expect(end[0]).toBe(seeded[0] + 36 - 1 - 4 - 6)
  })
})
