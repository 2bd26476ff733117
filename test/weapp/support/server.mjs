// The reference server in-process for the runtime smoke test: sandbox mode on an in-memory PGlite
// with the demo seed, answered through Fastify inject (no port). The server's TypeScript is loaded
// as CommonJS through tsx (its migrations folder is found from __dirname).
import { require as tsxRequire } from 'tsx/cjs/api'

const load = async (file) => tsxRequire(file, import.meta.url)

/** `env`: more variables for the server's configuration (e.g. the WeChat template ids). */
export async function startServer(env = {}) {
  const [
    { buildApp },
    { loadConfig },
    { openDatabase, MEMORY_URL },
    { migrateDatabase },
    { seedDatabase },
    password,
    shared,
  ] = await Promise.all([
    load('../../../server/app.ts'),
    load('../../../server/config/index.ts'),
    load('../../../server/db/client.ts'),
    load('../../../server/db/migrate.ts'),
    load('../../../server/seed/index.ts'),
    load('../../../src/core/crypto/password.ts'),
    load('../../../src/core/config/shared.ts'),
  ])
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: MEMORY_URL, STATIC_DIR: '/nonexistent', ...env }),
    staticDir: null,
    logger: false,
    anonymousCallsPerMinute: 100_000,
  }
  const database = await openDatabase(MEMORY_URL)
  await migrateDatabase(database)
  await seedDatabase(database, { seed: true })
  const app = buildApp({ db: database.db, config })
  await app.ready()

  const call = async (method, url, body, token) => {
    const response = await app.inject({
      method,
      url,
      headers: token ? { token } : {},
      remoteAddress: '127.0.0.1',
      ...(body === undefined ? {} : { payload: body }),
    })
    return response.json()
  }

  return {
    app,
    /** One HTTP exchange, as wx.request would make it. */
    inject: (options) => app.inject({ remoteAddress: '127.0.0.1', ...options }),
    get: (url, token) => call('GET', url, undefined, token),
    post: (url, body, token) => call('POST', url, body, token),
    /** A password login through the API (captcha answered by the sandbox); returns the login data. */
    async login(account, plain = 'Demo@12345') {
      const issued = await call('GET', '/api/app/code?type=6')
      const { data } = await call('GET', `/__dev/captcha?id=${encodeURIComponent(issued.data.uuid)}`)
      const result = await call('POST', '/api/app/loginByPassword', {
        phone: account,
        password: password.encryptPassword(plain, shared.PASSWORD_AES_KEY),
        uuId: issued.data.uuid,
        verificationCode: data.answer,
        type: 1,
        platform: 'h5',
      })
      if (result.code !== 200) throw new Error(`login ${account} refused: ${result.code} ${result.message}`)
      return result.data
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
