// The first pages of orders, notices, the operation log, sub-admins, recipients, products and work
// orders are kept per viewer until the database NOTIFYs lists_changed (services/shared/first-page-cache.ts,
// drizzle/0019_list_page_changes.sql, 0020), products and work orders also only while the clock
// leaves them true. These tests wait on the notification itself, never on a sleep.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { Listen } from '../../server/db/notifications'
import {
  businesses,
  dictionaryItems,
  operateRecords,
  orders,
  recipients,
  sessions,
  subAccounts,
  workOrderRecords,
  workOrders,
} from '../../server/db/schema'
import { BUSINESS_STATUS } from '../../src/core/contract/products'
import { SETTLE_MS } from '../../server/services/checkout/fulfilment'
import { FILE_URL_TTL_SECONDS } from '../../server/services/work-orders/file-urls'
import { RECORD_ROLE } from '../../server/services/work-orders/work-orders'
import { hashToken } from '../../server/security/tokens'
import { storeNotice } from '../../server/services/notices/notices'
import { LISTS_CHANNEL } from '../../server/services/shared/first-page-cache'
import { ALL_GROUPS, ALL_GROUPS_ID } from '../../server/services/shared/notified-cache'
import { DEMO, testConfig, useTestServer } from './support/harness'

const server = useTestServer()

type Row = { id: number } & Record<string, unknown>
type Envelope = { code: number; message: string; data: { data?: Row[]; list?: Row[]; total: number } }

async function rowsOf(app: FastifyInstance, url: string, token: string): Promise<Row[]> {
  const response = await app.inject({ method: 'GET', url, headers: { token }, remoteAddress: '127.0.0.1' })
  const body = response.json() as Envelope
  expect(body.code).toBe(200)
  return body.data.data ?? body.data.list ?? []
}

async function accountOf(token: string): Promise<number> {
  const [row] = await server.db
    .select({ accountId: sessions.accountId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
  return row.accountId
}

/** A LISTEN whose notifications the test delivers by hand (or never). */
function manualListen() {
  let deliver: ((payload: string) => void) | undefined
  const listen: Listen = async (channel, onNotify) => {
    if (channel === LISTS_CHANNEL) deliver = onNotify
    return async () => {}
  }
  return { listen, notify: (payload: string) => deliver?.(payload) }
}

async function cachedApp() {
  const channel = manualListen()
  const app = buildApp({ db: server.db, config: testConfig(), now: server.clock, listen: channel.listen })
  await app.ready()
  return { app, channel }
}

const MARK = '缓存之外的改动'

/** Each list, and a change another writer makes to its first row (or a new first row). */
const LISTS: {
  name: string
  url: string
  change(accountId: number, first: Row): Promise<unknown>
  shows(rows: Row[]): boolean
}[] = [
  {
    name: 'orders',
    url: '/api/pc/getOrder?pageNum=1&pageSize=10',
    change: (_, first) => server.db.update(orders).set({ productName: MARK }).where(eq(orders.id, first.id)),
    shows: (rows) => rows[0].productName === MARK,
  },
  {
    name: 'notices',
    url: '/api/pc/messageList?pageNum=1&pageSize=10',
    change: (accountId) =>
      storeNotice(server.db, {
        accountId,
        type: 5,
        title: MARK,
        content: '<p>正文</p>',
        createdAt: server.clock(),
      }),
    shows: (rows) => rows[0].title === MARK,
  },
  {
    name: 'operation log',
    url: '/api/app/account/getMyOperateRecordList?pageNum=1&pageSize=10',
    change: (accountId) =>
      server.db.insert(operateRecords).values({
        accountId,
        memberAccount: DEMO.mainAccount,
        type: 1,
        content: MARK,
        status: 1,
        createdAt: server.clock(),
      }),
    shows: (rows) => rows[0].content === MARK,
  },
  {
    name: 'sub-admins',
    url: '/api/app/account/getAccountSubAccountList?pageNum=1&pageSize=10',
    change: (_, first) =>
      server.db.update(subAccounts).set({ fullName: MARK }).where(eq(subAccounts.id, first.id)),
    shows: (rows) => rows[0].fullName === MARK,
  },
  {
    name: 'recipients',
    url: '/api/pc/searchRecipientList?pageNum=1&pageSize=10',
    change: (_, first) =>
      server.db.update(recipients).set({ fullName: MARK }).where(eq(recipients.id, first.id)),
    shows: (rows) => rows[0].fullName === MARK,
  },
  {
    name: 'products',
    url: '/api/pc/getProducts?pageNum=1&pageSize=10',
    change: (_, first) =>
      server.db.update(businesses).set({ websiteName: MARK }).where(eq(businesses.id, first.id)),
    shows: (rows) => rows[0].websiteName === MARK,
  },
  {
    name: 'work orders',
    url: '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10',
    change: (_, first) =>
      server.db.update(workOrders).set({ description: MARK }).where(eq(workOrders.id, first.id)),
    shows: (rows) => rows[0].description === MARK,
  },
]

describe('the first page of each list', () => {
  it.each(LISTS)('$name: kept until the notification of a change by another writer', async (list) => {
    const { app, channel } = await cachedApp()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const accountId = await accountOf(token)
      const before = await rowsOf(app, list.url, token)
      expect(before.length).toBeGreaterThan(0)
      await list.change(accountId, before[0])

      expect(await rowsOf(app, list.url, token)).toEqual(before)
      // A page larger than the cache keeps is read each time.
      expect(list.shows(await rowsOf(app, list.url.replace('pageSize=10', 'pageSize=50'), token))).toBe(true)

      channel.notify(String(accountId))
      expect(list.shows(await rowsOf(app, list.url, token))).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('pages after the first are read each time', async () => {
    const { app } = await cachedApp()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const url = '/api/pc/getOrder?pageNum=2&pageSize=1'
      const [second] = await rowsOf(app, url, token)
      await server.db.update(orders).set({ productName: '第二页' }).where(eq(orders.id, second.id))
      expect((await rowsOf(app, url, token))[0].productName).toBe('第二页')
    } finally {
      await app.close()
    }
  })

  it("a change the account makes through the app shows in its next call at once, a GET's too", async () => {
    const { app } = await cachedApp()
    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      app.inject({ method, url, headers: { token }, remoteAddress: '127.0.0.1', payload })
    try {
      const token = await server.tokenFor(DEMO.owner)
      const accountId = await accountOf(token)
      const url = '/api/pc/messageList?pageNum=1&pageSize=10'
      const id = await storeNotice(server.db, {
        accountId,
        type: 5,
        title: '打开即已读',
        content: '<p>正文</p>',
        createdAt: server.clock(),
      })
      const unread = await rowsOf(app, url, token)
      expect(unread.find((n) => n.id === id)?.readStatus).toBe(0)
      // Opening a notice (a GET) marks it read.
      expect((await call('GET', `/api/pc/selectMessageInfoById?id=${id}`, token)).json().code).toBe(200)
      expect((await rowsOf(app, url, token)).find((n) => n.id === id)?.readStatus).toBe(1)

      const second = await storeNotice(server.db, {
        accountId,
        type: 5,
        title: '删除后不再显示',
        content: '<p>正文</p>',
        createdAt: server.clock(),
      })
      const shown = await rowsOf(app, url, token)
      expect(shown.some((n) => n.id === second)).toBe(false) // kept: no notification delivered
      expect((await call('POST', '/api/pc/delMsg', token, { signRead: 1, idsList: [id] })).json().code).toBe(
        200,
      )
      const after = await rowsOf(app, url, token)
      expect(after.some((n) => n.id === id)).toBe(false)
      expect(after.some((n) => n.id === second)).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('is kept per account and per viewer: a sub-admin never gets the main account’s unmasked page', async () => {
    const { app } = await cachedApp()
    try {
      const owner = await server.tokenFor(DEMO.owner)
      const subAdmin = await server.tokenFor(DEMO.subAdmin)
      const other = await server.tokenFor(DEMO.otherOwner)
      const url = '/api/app/account/getAccountSubAccountList?pageNum=1&pageSize=10'
      const asOwner = await rowsOf(app, url, owner)
      const asSubAdmin = await rowsOf(app, url, subAdmin)
      expect(asSubAdmin.map((r) => r.id)).toEqual(asOwner.map((r) => r.id))
      expect(asOwner[0].phoneNumber).toMatch(/^1\d{10}$/)
      expect(asSubAdmin[0].phoneNumber).toContain('*')

      const ordersUrl = '/api/pc/getOrder?pageNum=1&pageSize=10'
      const mine = new Set((await rowsOf(app, ordersUrl, owner)).map((r) => r.id))
      const theirs = await rowsOf(app, ordersUrl, other)
      expect(theirs.length).toBeGreaterThan(0)
      expect(theirs.some((r) => mine.has(r.id))).toBe(false)
    } finally {
      await app.close()
    }
  })
})

describe('pages that change with the clock', () => {
  const productsUrl = '/api/pc/getProducts?pageNum=1&pageSize=10'

  /** The owner's first product, made `status` by a write the cache hears of; then renamed unheard. */
  async function productTurned(status: number, openTime: Date | null, name: string) {
    const { app, channel } = await cachedApp()
    const token = await server.tokenFor(DEMO.owner)
    const accountId = await accountOf(token)
    const [first] = await rowsOf(app, productsUrl, token)
    await server.db.update(businesses).set({ status, openTime }).where(eq(businesses.id, first.id))
    channel.notify(String(accountId))
    expect((await rowsOf(app, productsUrl, token))[0]).toMatchObject({ id: first.id, status })
    await server.db.update(businesses).set({ websiteName: name }).where(eq(businesses.id, first.id))
    const firstCard = async () => (await rowsOf(app, productsUrl, token))[0]
    return { app, firstCard }
  }

  it('a product page showing 开通中 is kept until the card opens, then read (and settled) again', async () => {
    const openIn = SETTLE_MS / 2
    const { app, firstCard } = await productTurned(
      BUSINESS_STATUS.opening,
      new Date(server.clock().getTime() + openIn),
      '开通前改的名',
    )
    try {
      server.clock.advance(openIn - 1)
      expect(await firstCard()).toMatchObject({ status: BUSINESS_STATUS.opening })
      expect((await firstCard()).websiteName).not.toBe('开通前改的名')
      server.clock.advance(1)
      expect(await firstCard()).toMatchObject({ status: BUSINESS_STATUS.valid, websiteName: '开通前改的名' })
    } finally {
      await app.close()
    }
  })

  it('a product page showing 升级中 is kept at most SETTLE_MS', async () => {
    const renamed = '升级中改的名'
    const { app, firstCard } = await productTurned(BUSINESS_STATUS.upgrading, server.clock(), renamed)
    try {
      server.clock.advance(SETTLE_MS - 1)
      expect((await firstCard()).websiteName).not.toBe(renamed)
      server.clock.advance(1)
      expect((await firstCard()).websiteName).toBe(renamed)
    } finally {
      await app.close()
    }
  })

  it('a work-order page is kept a third of its picture addresses’ lifetime; a search is read each time', async () => {
    const { app } = await cachedApp()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const url = '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10'
      const described = '按时重读的描述'
      const search = `${url}&keyword=${encodeURIComponent(described)}`
      const [first] = await rowsOf(app, url, token)
      expect(await rowsOf(app, search, token)).toEqual([])
      await server.db.update(workOrders).set({ description: described }).where(eq(workOrders.id, first.id))

      expect((await rowsOf(app, search, token)).map((row) => row.id)).toEqual([first.id])
      const keptFor = (FILE_URL_TTL_SECONDS * 1000) / 3
      server.clock.advance(keptFor - 1)
      expect((await rowsOf(app, url, token))[0].description).not.toBe(described)
      server.clock.advance(1)
      expect((await rowsOf(app, url, token))[0].description).toBe(described)
    } finally {
      await app.close()
    }
  })
})

/**
 * An instance's onNotified for `id` on `channel`. `next()` resolves at the first such notification
 * after it is called, or rejects with what was missed after `ms`: a missing notification fails with
 * a message, not a test timeout.
 */
function listenFor(channel: string, id: number, ms = 15_000) {
  let hear: (() => void) | null = null
  return {
    onNotified: (got: string, gotId: number) => {
      if (got === channel && gotId === id) hear?.()
    },
    next: () =>
      new Promise<void>((resolve, reject) => {
        hear = resolve
        setTimeout(
          () => reject(new Error(`no ${channel} notification for ${id} within ${ms} ms`)),
          ms,
        ).unref()
      }),
  }
}

describe('the database notifies lists_changed', () => {
  it.each(LISTS)('$name: for a change by any writer, and another instance then shows it', async (list) => {
    const token = await server.tokenFor(DEMO.owner)
    const accountId = await accountOf(token)
    const listener = listenFor(LISTS_CHANNEL, accountId)
    const other = await server.buildVariant({}, { onNotified: listener.onNotified })
    const before = await rowsOf(other, list.url, token)
    const heard = listener.next()
    await list.change(accountId, before[0])
    await expect(heard).resolves.toBeUndefined()
    expect(list.shows(await rowsOf(other, list.url, token))).toBe(true)
  })

  it("for a work order's new record, with the id of the account that owns the work order", async () => {
    const token = await server.tokenFor(DEMO.owner)
    const accountId = await accountOf(token)
    const listener = listenFor(LISTS_CHANNEL, accountId)
    await server.buildVariant({}, { onNotified: listener.onNotified })
    const heard = listener.next()
    const [workOrder] = await server.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.accountId, accountId))
      .limit(1)
    await server.db.insert(workOrderRecords).values({
      workOrderId: workOrder.id,
      role: RECORD_ROLE.engineerReply,
      content: '工程师回复',
      createdAt: server.clock(),
    })
    await expect(heard).resolves.toBeUndefined()
  })

  it(`for the position names beside sub-admins and recipients: every account's pages (${ALL_GROUPS})`, async () => {
    const listener = listenFor(LISTS_CHANNEL, ALL_GROUPS_ID)
    await server.buildVariant({}, { onNotified: listener.onNotified })
    const heard = listener.next()
    const [item] = await server.db.select().from(dictionaryItems).limit(1)
    await server.db
      .update(dictionaryItems)
      .set({ itemText: item.itemText })
      .where(eq(dictionaryItems.id, item.id))
    await expect(heard).resolves.toBeUndefined()
  })
})
