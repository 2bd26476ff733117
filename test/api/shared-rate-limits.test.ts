// Limits shared by all instances: on PostgreSQL two instances behind one balancer (two
// apps, each with its own connection pool, on one database) enforce one per-minute limit between
// them; on PGlite (one process) the counts stay in memory.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { rateLimitWindows } from '../../server/db/schema'
import { rateLimitStoreFor } from '../../server/http/rate-limit-store'
import { ANONYMOUS_CALLS_PER_MINUTE as PER_MINUTE } from '../../server/config'
import { RATE_LIMITED, SharedWindowStore } from '../../server/http/rate-limits'
import { testConfig, useTestServer } from './support/harness'

jest.setTimeout(120_000)

const server = useTestServer({ anonymousCallsPerMinute: PER_MINUTE })

const LIMITED = { code: 429, message: RATE_LIMITED, data: null }

async function call(app: FastifyInstance, url: string, ip: string) {
  const response = await app.inject({ method: 'GET', url, remoteAddress: ip })
  return response.json()
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

;(onPostgres ? describe : describe.skip)('on PostgreSQL', () => {
  let second: DatabaseHandle
  let other: FastifyInstance

  beforeAll(async () => {
    // The second instance opens the database on its own, as another process would.
    second = await openDatabase(server.databaseUrl as string)
    other = buildApp({ db: second.db, config: testConfig({ anonymousCallsPerMinute: PER_MINUTE }) })
    await other.ready()
  })

  afterAll(async () => {
    await other?.close()
    await second?.close()
  })

  it('two instances count one limit: the call after it is refused by both', async () => {
    const instances = [server.app, other]
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect(await call(instances[i % 2], '/api/app/code?type=6', '10.23.1.1')).not.toEqual(LIMITED)
    }
    expect(await call(server.app, '/api/app/code?type=6', '10.23.1.1')).toEqual(LIMITED)
    expect(await call(other, '/api/app/code?type=6', '10.23.1.1')).toEqual(LIMITED)
    // Another address, and another group, have their own counts.
    expect((await call(other, '/api/app/code?type=6', '10.23.1.2')).code).toBe(200)
    expect((await call(other, '/api/app/genCaptcha?type=SLIDER', '10.23.1.1')).code).toBe(200)
    const rows = await server.db.select().from(rateLimitWindows)
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: '10.23.1.1|image-captcha', count: PER_MINUTE + 2 }),
      ]),
    )
  })

  it('starts a new window once the old one has ended, and prunes ended windows', async () => {
    const start = Date.now()
    jest.spyOn(Date, 'now').mockReturnValue(start)
    for (let i = 0; i < PER_MINUTE; i += 1) await call(server.app, '/api/app/code?type=6', '10.23.2.1')
    expect(await call(other, '/api/app/code?type=6', '10.23.2.1')).toEqual(LIMITED)
    jest.spyOn(Date, 'now').mockReturnValue(start + 60_000)
    expect((await call(other, '/api/app/code?type=6', '10.23.2.1')).code).toBe(200)
    jest.restoreAllMocks()
  })
})

;(onPostgres ? describe.skip : describe)('on PGlite', () => {
  it('keeps the counts in memory (one process holds the folder)', () => {
    expect(rateLimitStoreFor(server.db)).toBe(SharedWindowStore)
  })
})
