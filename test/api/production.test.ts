// Production mode fails closed: no demo data, no sandbox, no development defaults, and outside
// services without a provider refuse (docs/api.md "Security model").
import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../server/config'
import { migrateDatabase } from '../../server/db/migrate'
import { seedDatabase, seedOptions } from '../../server/seed'
import { resetDatabase } from '../../server/seed/reset-database'
import { members, outbox, smsCodes } from '../../server/db/schema'
import { DEMO, openTestDatabase, useTestServer } from './support/harness'

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  TARO_APP_PASSWORD_KEY: 'q'.repeat(16),
  TARO_APP_SWITCH_SIGN_PREFIX: 'DEPLOYED-PREFIX',
  PUBLIC_ORIGIN: 'https://mc.example.com',
  FILE_URL_SECRET: 'f'.repeat(32),
  SMS_CODE_SECRET: 'c'.repeat(32),
}

describe('a production database', () => {
  it('gets the schema but no demo member', async () => {
    const config = loadConfig(PRODUCTION_ENV)
    const { handle, dispose } = await openTestDatabase()
    try {
      await migrateDatabase(handle)
      expect(await seedDatabase(handle, { seed: config.seedDemo })).toBe(false)
      const [{ total }] = await handle.db.select({ total: count() }).from(members)
      expect(total).toBe(0)
    } finally {
      await dispose()
    }
  }, 60_000)

  it('is not reset without --yes-production, and a confirmed reset writes no demo data', async () => {
    const config = loadConfig(PRODUCTION_ENV)
    const { handle, dispose } = await openTestDatabase()
    const memberCount = async () => (await handle.db.select({ total: count() }).from(members))[0].total
    try {
      await migrateDatabase(handle)
      await seedDatabase(handle, { seed: true })
      const seeded = await memberCount()
      expect(seeded).toBeGreaterThan(0)
      await expect(resetDatabase(handle, config, [])).rejects.toThrow(/--yes-production/)
      expect(await memberCount()).toBe(seeded)

      expect(await resetDatabase(handle, config, ['--yes-production'])).toBe(false)
      expect(await memberCount()).toBe(0)
      // SEED_DEMO=1 asks for the demo in production, as at start-up.
      const demo = loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: '1' })
      expect(await resetDatabase(handle, demo, ['--yes-production'])).toBe(true)
      expect(await memberCount()).toBe(seeded)
    } finally {
      await dispose()
    }
  }, 60_000)

  it('holding the demo accounts refuses a production start without SEED_DEMO=1, naming them', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await migrateDatabase(handle)
      await seedDatabase(handle, { seed: true })
      // A later start migrates (nothing to do), then the seed step refuses.
      await migrateDatabase(handle)
      const start = seedDatabase(handle, seedOptions(loadConfig(PRODUCTION_ENV)))
      await expect(start).rejects.toThrow(/demo accounts .*13800000001.*demo_nophone/)
      expect(await seedDatabase(handle, seedOptions(loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: '1' })))).toBe(
        false,
      )
      // The sandbox keeps its demo.
      expect(await seedDatabase(handle, seedOptions(loadConfig({ NODE_ENV: 'test' })))).toBe(false)
    } finally {
      await dispose()
    }
  }, 60_000)
})

describe('npm run db:reset in the sandbox', () => {
  it('reseeds the demo data without asking', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await migrateDatabase(handle)
      await seedDatabase(handle, { seed: false })
      expect(await resetDatabase(handle, loadConfig({ NODE_ENV: 'development' }), [])).toBe(true)
    } finally {
      await dispose()
    }
  }, 60_000)
})

describe('a production server', () => {
  const server = useTestServer()
  let production: FastifyInstance

  beforeAll(async () => {
    production = await server.buildVariant({ production: true, payNotifySecret: null })
  }, 60_000)

  it('registers no /__dev route at all', () => {
    const routes = production.printRoutes({ commonPrefix: false })
    expect(production.hasRoute({ method: 'POST', url: '/api/app/loginByPassword' })).toBe(true)
    expect(routes).not.toMatch(/__dev/)
    // The sandbox variant has them, so the check above can fail.
    expect(server.app.printRoutes({ commonPrefix: false })).toMatch(/__dev/)
  })

  it('refuses to send SMS codes (no gateway) and writes nothing', async () => {
    const before = await server.db.select({ total: count() }).from(smsCodes)
    const queuedBefore = await server.db.select({ total: count() }).from(outbox)
    const { captchaId, captchaData } = await server.solvedSlider(DEMO.owner)
    const response = await production.inject({
      method: 'POST',
      url: '/api/pc/sendSmsCode',
      remoteAddress: '127.0.0.1',
      payload: { phone: DEMO.owner, type: 'login', captchaId, captchaData },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ code: 503, message: '短信服务未配置，暂不可用，请联系客服' })
    expect(await server.db.select({ total: count() }).from(smsCodes)).toEqual(before)
    expect(await server.db.select({ total: count() }).from(outbox)).toEqual(queuedBefore)
  })
})
