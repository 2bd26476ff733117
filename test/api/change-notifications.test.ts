/** @jest-environment ./test/api/support/pglite-environment.ts */
// Sessions are cached in memory by each instance and forgotten on the database's notification
// (services/session-cache.ts, drizzle/0004_session_events.sql). These tests wait on the
// notification itself (the app's onSessionChange hook), never on a fixed sleep.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { buildApp } from '../../server/app'
import { minutes } from '../../server/context'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import type { Listen } from '../../server/db/notifications'
import { sessions } from '../../server/db/schema'
import { hashToken } from '../../server/security/tokens'
import { SESSION_CHANNEL } from '../../server/services/session-cache'
import { DEMO, startTestServer, testConfig, type TestServer } from './support/harness'

const INFO = '/api/pc/getPersonalInfo'
const REVOKED = { code: 996, message: '登录状态已失效，请重新登录', data: null }

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
}, 60_000)

afterAll(() => server?.close())

async function call(app: FastifyInstance, url: string, token: string) {
  const response = await app.inject({ method: 'GET', url, headers: { token }, remoteAddress: '127.0.0.1' })
  return response.json() as { code: number; message: string; data: unknown }
}

async function sessionIdOf(token: string) {
  const [row] = await server.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
  return row.id
}

/** Resolves once the instance has applied a notification about `sessionId`. */
function changes() {
  const waiting = new Map<number, () => void>()
  const seen = new Set<number>()
  return {
    onSessionChange(sessionId: number) {
      seen.add(sessionId)
      waiting.get(sessionId)?.()
    },
    heard: (sessionId: number) =>
      seen.has(sessionId) ? Promise.resolve() : new Promise<void>((done) => waiting.set(sessionId, done)),
  }
}

/** A LISTEN whose notifications the test delivers by hand (or never). */
function manualListen() {
  let deliver: ((payload: string) => void) | null = null
  let setLive: ((live: boolean) => void) | undefined
  const listen: Listen = async (channel, onNotify, onLive) => {
    expect(channel).toBe(SESSION_CHANNEL)
    deliver = onNotify
    setLive = onLive
    return async () => {
      deliver = null
    }
  }
  return {
    listen,
    notify: (sessionId: number) => deliver?.(String(sessionId)),
    lose: () => setLive?.(false),
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
    const other = await server.buildVariant({}, { onSessionChange: seen.onSessionChange })
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(other, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    expect((await server.get('/api/pc/logout', { token })).code).toBe(200)
    await seen.heard(id)
    expect(await call(other, INFO, token)).toEqual(REVOKED)
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
      onSessionChange: seen.onSessionChange,
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
    expect((await server.get('/api/pc/logout', { token })).code).toBe(200)
    await seen.heard(id)
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
    const switched = await server.post('/api/app/account/switchAccount', { ...target, sign }, { token })
    expect(switched.code).toBe(200)
    await seen.heard(id)
    expect(await call(second, INFO, token)).toEqual(REVOKED)
  })

  it('B refuses a token revoked by any writer of the table (a password reset, the login mask)', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect((await call(second, INFO, token)).code).toBe(200)
    const id = await sessionIdOf(token)
    await revokeInTable(id)
    await seen.heard(id)
    expect(await call(second, INFO, token)).toEqual(REVOKED)
  })
})
