// Sessions and the home poll's answers are cached in memory by each instance and forgotten on the
// database's notification (services/shared/notified-cache.ts, drizzle/0005_change_notifications.sql).
// These tests wait on the notification itself (the app's onNotified hook), never on a fixed sleep.
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { buildApp } from '../../server/app'
import { minutes } from '../../server/context'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import type { Listen } from '../../server/db/notifications'
import { sessions, workOrders } from '../../server/db/schema'
import { hashToken } from '../../server/security/tokens'
import { NOTICES_CHANNEL } from '../../server/services/notices/notice-cache'
import { storeNotice } from '../../server/services/notices/notices'
import { SESSION_CHANNEL } from '../../server/services/auth/session-cache'
import { UNREAD_REPLIES_CHANNEL } from '../../server/services/work-orders/unread-replies-cache'
import { addRecord } from '../../server/services/work-orders/work-order-rows'
import { RECORD_ROLE } from '../../src/core/contract/work-orders'
import { DEMO, testConfig, useTestServer } from './support/harness'

const INFO = '/api/pc/getPersonalInfo'
const REVOKED = { code: 996, message: '登录状态已失效，请重新登录', data: null }

// Each test builds an app or two: slow on a loaded 2-core machine.

const server = useTestServer()

async function call(app: FastifyInstance, url: string, token: string) {
  const response = await app.inject({ method: 'GET', url, headers: { token }, remoteAddress: '127.0.0.1' })
  return response.json() as { code: number; message: string; data: unknown }
}

async function sessionOf(token: string) {
  const [row] = await server.db
    .select({ id: sessions.id, accountId: sessions.accountId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
  return row
}

const sessionIdOf = async (token: string) => (await sessionOf(token)).id

const LATEST = '/api/pc/selectLatestNews'

/** A new unread notice for the main account, written straight to the table (any writer). */
const storeUnread = (accountId: number, title: string) =>
  storeNotice(server.db, { accountId, type: 5, title, content: '<p>正文</p>', createdAt: server.clock() })

/** The home poll's notice id (null when none), after popping whatever it showed before. */
async function latestId(app: FastifyInstance, token: string) {
  return ((await call(app, LATEST, token)).data as { id: number } | null)?.id ?? null
}

/** `next(channel, id)`: resolves on the next notification about that id the app applies. */
function changes() {
  const waiting = new Map<string, () => void>()
  return {
    onNotified(channel: string, id: number) {
      waiting.get(`${channel}:${id}`)?.()
    },
    next: (channel: string, id: number) => new Promise<void>((done) => waiting.set(`${channel}:${id}`, done)),
  }
}

/** A LISTEN whose notifications the test delivers by hand (or never). */
function manualListen() {
  const deliver = new Map<string, (payload: string) => void>()
  const setLive: ((live: boolean) => void)[] = []
  const listen: Listen = async (channel, onNotify, onLive) => {
    deliver.set(channel, onNotify)
    if (onLive) setLive.push(onLive)
    return async () => {}
  }
  return {
    listen,
    notify: (id: number, channel = SESSION_CHANNEL) => deliver.get(channel)?.(String(id)),
    lose: () => setLive.forEach((set) => set(false)),
  }
}

const revokeInTable = (sessionId: number) =>
  server.db.update(sessions).set({ revokedAt: server.clock() }).where(eq(sessions.id, sessionId))

describe('the session cache', () => {
  it('serves a live session from memory until the notification of its change arrives', async () => {
    const channel = manualListen()
    const app = await server.buildVariant({})
    const cached = buildApp({
      db: server.db,
      config: testConfig(),
      now: server.clock,
      listen: channel.listen,
    })
    await cached.ready()
    try {
      const token = await server.tokenFor(DEMO.owner)
      expect((await call(cached, INFO, token)).code).toBe(200)
      const id = await sessionIdOf(token)
      // Revoked in the table by another writer, and not yet heard of: the cached session still serves.
      await revokeInTable(id)
      expect((await call(cached, INFO, token)).code).toBe(200)
      expect(await call(app, INFO, token)).toEqual(REVOKED)
      channel.notify(id)
      expect(await call(cached, INFO, token)).toEqual(REVOKED)
    } finally {
      await cached.close()
    }
  })

  it('caches nothing while its listener is disconnected (a notification may have been missed)', async () => {
    const channel = manualListen()
    const cached = buildApp({
      db: server.db,
      config: testConfig(),
      now: server.clock,
      listen: channel.listen,
    })
    await cached.ready()
    try {
      const token = await server.tokenFor(DEMO.owner)
      expect((await call(cached, INFO, token)).code).toBe(200)
      channel.lose()
      await revokeInTable(await sessionIdOf(token))
      expect(await call(cached, INFO, token)).toEqual(REVOKED)
    } finally {
      await cached.close()
    }
  })

  it('forgets a session its own instance revoked at once (logout)', async () => {
    const channel = manualListen()
    const cached = buildApp({
      db: server.db,
      config: testConfig(),
      now: server.clock,
      listen: channel.listen,
    })
    await cached.ready()
    try {
      const token = await server.tokenFor(DEMO.owner)
      expect((await call(cached, INFO, token)).code).toBe(200)
      expect((await call(cached, '/api/pc/logout', token)).code).toBe(200)
      expect(await call(cached, INFO, token)).toEqual(REVOKED)
    } finally {
      await cached.close()
    }
  })

  it('keeps a session used on another instance alive: an idle-looking cached entry is read again', async () => {
    const other = await server.buildVariant({})
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(other, INFO, token)).code).toBe(200)
    server.clock.advance(minutes(20))
    expect((await server.get(INFO, { token })).code).toBe(200)
    server.clock.advance(minutes(20))
    // 40 minutes since `other` saw it, 20 since the table was touched: still live.
    expect((await call(other, INFO, token)).code).toBe(200)
    server.clock.advance(minutes(31))
    expect((await call(other, INFO, token)).code).toBe(996)
  })

  it('ends a session on the other app of the same database when one app logs it out', async () => {
    const seen = changes()
    const other = await server.buildVariant({}, { onNotified: seen.onNotified })
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(other, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    const heard = seen.next(SESSION_CHANNEL, id)
    expect((await server.get('/api/pc/logout', { token })).code).toBe(200)
    await heard
    expect(await call(other, INFO, token)).toEqual(REVOKED)
  })
})

describe("the home poll's cache", () => {
  it("keeps an answer until the notification of a change to the account's notices arrives", async () => {
    const channel = manualListen()
    const cached = buildApp({
      db: server.db,
      config: testConfig(),
      now: server.clock,
      listen: channel.listen,
    })
    await cached.ready()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const { accountId } = await sessionOf(token)
      const before = await latestId(cached, token)
      const id = await storeUnread(accountId, '缓存中的提醒')
      expect(await latestId(cached, token)).toBe(before)
      channel.notify(accountId, NOTICES_CHANNEL)
      expect(await latestId(cached, token)).toBe(id)
      // Popping through the same instance is seen at once, without waiting for the notification.
      expect(
        (
          await cached.inject({
            method: 'POST',
            url: '/api/pc/updatePopStatus',
            headers: { token },
            payload: { id },
          })
        ).json().code,
      ).toBe(200)
      expect(await latestId(cached, token)).not.toBe(id)
    } finally {
      await cached.close()
    }
  })

  it('shows a notice written through one app on the other app of the same database', async () => {
    const seen = changes()
    const other = await server.buildVariant({}, { onNotified: seen.onNotified })
    const token = await server.tokenFor(DEMO.owner)
    const { accountId } = await sessionOf(token)
    await latestId(other, token)
    const heard = seen.next(NOTICES_CHANNEL, accountId)
    const id = await storeUnread(accountId, '另一实例的提醒')
    await heard
    expect(await latestId(other, token)).toBe(id)
  })
})

const UNREAD_NOTICES = '/api/pc/getUnReadCount'
const UNREAD_REPLIES = '/api/appWorkOrderCommunicationRecords/getRecordCount'
const count = async (app: FastifyInstance, url: string, token: string) =>
  (await call(app, url, token)).data as number

/** One of the account's work orders that the main account sees. */
async function visibleWorkOrder(accountId: number) {
  const [row] = await server.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.accountId, accountId), isNull(workOrders.deletedAt)))
    .limit(1)
  return row.id
}

/** An engineer reply written straight to the table (any writer), unread for the customer. */
const engineerReply = (workOrderId: number) =>
  addRecord(server.db, {
    workOrderId,
    role: RECORD_ROLE.engineerReply,
    content: '<p>工程师回复</p>',
    at: server.clock(),
  })

describe('the unread badges (notices, engineer replies)', () => {
  async function cachedApp() {
    const channel = manualListen()
    const app = buildApp({ db: server.db, config: testConfig(), now: server.clock, listen: channel.listen })
    await app.ready()
    return { app, channel }
  }

  it('keeps the unread notice count until the notification; marking read on the same instance shows at once', async () => {
    const { app, channel } = await cachedApp()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const { accountId } = await sessionOf(token)
      const before = await count(app, UNREAD_NOTICES, token)
      await storeUnread(accountId, '未读计数')
      expect(await count(app, UNREAD_NOTICES, token)).toBe(before)
      channel.notify(accountId, NOTICES_CHANNEL)
      expect(await count(app, UNREAD_NOTICES, token)).toBe(before + 1)
      const read = await app.inject({
        method: 'POST',
        url: '/api/pc/doReadMsg',
        headers: { token },
        payload: { signRead: 2 },
      })
      expect(read.json().code).toBe(200)
      expect(await count(app, UNREAD_NOTICES, token)).toBe(0)
    } finally {
      await app.close()
    }
  })

  it('keeps the unread reply count until the notification; looking on the same instance shows at once', async () => {
    const { app, channel } = await cachedApp()
    try {
      const token = await server.tokenFor(DEMO.owner)
      const { accountId } = await sessionOf(token)
      const workOrderId = await visibleWorkOrder(accountId)
      const before = await count(app, UNREAD_REPLIES, token)
      await engineerReply(workOrderId)
      expect(await count(app, UNREAD_REPLIES, token)).toBe(before)
      channel.notify(accountId, UNREAD_REPLIES_CHANNEL)
      expect(await count(app, UNREAD_REPLIES, token)).toBe(before + 1)
      const looked = await app.inject({
        method: 'POST',
        url: '/api/appWorkOrderCommunicationRecords/updRecordLook',
        headers: { token },
        payload: { workOrderId },
      })
      expect(looked.json().code).toBe(200)
      expect(await count(app, UNREAD_REPLIES, token)).toBeLessThan(before + 1)
      expect(await count(app, UNREAD_REPLIES, token)).toBe(
        await count(await server.buildVariant({}), UNREAD_REPLIES, token),
      )
    } finally {
      await app.close()
    }
  })

  it("the database notifies the account's replies channel on a reply and on a work order hidden by any writer", async () => {
    const seen = changes()
    const other = await server.buildVariant({}, { onNotified: seen.onNotified })
    const token = await server.tokenFor(DEMO.owner)
    const { accountId } = await sessionOf(token)
    const workOrderId = await visibleWorkOrder(accountId)
    const before = await count(other, UNREAD_REPLIES, token)

    let heard = seen.next(UNREAD_REPLIES_CHANNEL, accountId)
    await engineerReply(workOrderId)
    await heard
    expect(await count(other, UNREAD_REPLIES, token)).toBe(before + 1)

    // Hidden by another writer: its unread replies leave the badge.
    heard = seen.next(UNREAD_REPLIES_CHANNEL, accountId)
    await server.db
      .update(workOrders)
      .set({ deletedAt: server.clock() })
      .where(eq(workOrders.id, workOrderId))
    await heard
    const hidden = await count(other, UNREAD_REPLIES, token)
    expect(hidden).toBeLessThanOrEqual(before)
    await server.db.update(workOrders).set({ deletedAt: null }).where(eq(workOrders.id, workOrderId))
  })
})

// Two instances, each with its own pool and LISTEN connection, on one PostgreSQL database.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip

onPostgres('two instances on one PostgreSQL', () => {
  let secondHandle: DatabaseHandle
  let second: FastifyInstance
  const seen = changes()

  beforeAll(async () => {
    secondHandle = await openDatabase(server.databaseUrl as string)
    second = buildApp({
      db: secondHandle.db,
      config: testConfig(),
      now: server.clock,
      listen: secondHandle.listen,
      onNotified: seen.onNotified,
    })
    await second.ready()
  })

  afterAll(async () => {
    await second?.close()
    await secondHandle?.close()
  })

  it('B refuses a token A logged out, once the notification has arrived', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(second, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    const heard = seen.next(SESSION_CHANNEL, id)
    expect((await server.get('/api/pc/logout', { token })).code).toBe(200)
    await heard
    expect(await call(second, INFO, token)).toEqual(REVOKED)
  })

  it('B refuses the old token after an account switch on A', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(second, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    const list = await server.get<{ accountId: number; subAccountId: number; role: number }[]>(
      '/api/app/account/getAccountList',
      { token },
    )
    const held = list.data.find((entry) => entry.role === 1)!
    const target = { accountId: held.accountId, subAccountId: held.subAccountId, role: 1 }
    const sign = switchSignature(SWITCH_SIGN_PREFIX, target)
    const heard = seen.next(SESSION_CHANNEL, id)
    const switched = await server.post('/api/app/account/switchAccount', { ...target, sign }, { token })
    expect(switched.code).toBe(200)
    await heard
    expect(await call(second, INFO, token)).toEqual(REVOKED)
  })

  it('B shows a notice written on A once the notification has arrived', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const { accountId } = await sessionOf(token)
    await latestId(second, token)
    const heard = seen.next(NOTICES_CHANNEL, accountId)
    const id = await storeUnread(accountId, '来自实例 A 的提醒')
    await heard
    expect(await latestId(second, token)).toBe(id)
  })

  it('B counts an engineer reply written on A once the notification has arrived', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const { accountId } = await sessionOf(token)
    const before = await count(second, UNREAD_REPLIES, token)
    const heard = seen.next(UNREAD_REPLIES_CHANNEL, accountId)
    await engineerReply(await visibleWorkOrder(accountId))
    await heard
    expect(await count(second, UNREAD_REPLIES, token)).toBe(before + 1)
  })

  it('B refuses a token revoked by any writer of the table (a password reset, the login mask)', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(second, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    const heard = seen.next(SESSION_CHANNEL, id)
    await revokeInTable(id)
    await heard
    expect(await call(second, INFO, token)).toEqual(REVOKED)
  })
})
