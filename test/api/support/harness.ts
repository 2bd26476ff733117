// One app per test file: an in-memory PGlite (or a fresh database on TEST_DATABASE_URL), migrated
// and seeded, driven through Fastify inject with a clock the tests can move.
import type { PGlite } from '@electric-sql/pglite'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PASSWORD_AES_KEY, SWITCH_SIGN_PREFIX } from '../../../src/core/config/shared'
import { encryptPassword } from '../../../src/core/crypto/password'
import { buildApp, type BuildOptions } from '../../../server/app'
import {
  DEFAULT_SMS_ACCOUNT_HOURLY_LIMIT,
  DEFAULT_SMS_GLOBAL_HOURLY_LIMIT,
  DEFAULT_UPLOAD_QUOTA_MB,
  DEFAULT_UPLOAD_DAILY_MB,
  DEV_DATA_ENCRYPTION_KEY,
  DEV_FILE_URL_SECRET,
  DEV_PAY_NOTIFY_SECRET,
  DEV_SMS_CODE_SECRET,
  type ServerConfig,
} from '../../../server/config'
import { SMS_HOURLY_LIMIT } from '../../../server/services/sms/sms'
import { MEMORY_URL, openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client'
import { migrateDatabase } from '../../../server/db/migrate'
import { throwawayDatabase } from '../../../server/db/throwaway'
import { captchas, sandboxMessages } from '../../../server/db/schema'
import { DEMO_PASSWORD, seedDatabase } from '../../../server/seed'
import type { Envelope } from '../../../src/core/contract/envelope'
import { fileStorageFor, type FileStorage } from '../../../server/services/work-orders/file-storage'

declare global {
  // Set by test/api/support/pglite-environment.ts.
  var __hostPGlite: typeof PGlite | undefined
  var __hostCookie: unknown
  var __migratedDump: { blob: Blob | null } | undefined
}

// light-my-request (Fastify inject) requires the ESM-only `cookie`; use the host's copy.
jest.mock('cookie', () => globalThis.__hostCookie)

export { DEMO, DEMO_PASSWORD } from '../../../server/seed'
import { WECHAT_API_ORIGIN } from '../../../server/config/wechat'

export interface TestClock {
  (): Date
  advance(ms: number): void
}

export function createClock(start = new Date()): TestClock {
  let offset = 0
  const clock = (() => new Date(start.getTime() + offset)) as TestClock
  clock.advance = (ms) => {
    offset += ms
  }
  return clock
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: MEMORY_URL,
    production: false,
    seedDemo: true,
    publicOrigin: null,
    staticDir: null,
    passwordKey: PASSWORD_AES_KEY,
    switchSignPrefix: SWITCH_SIGN_PREFIX,
    trustProxy: false,
    logger: false,
    payNotifySecret: DEV_PAY_NOTIFY_SECRET,
    smsHourlyLimitPerAddress: SMS_HOURLY_LIMIT,
    // Test files make many calls from 127.0.0.1 within a minute; rate-limits.test.ts sets the default.
    anonymousCallsPerMinute: 100_000,
    wechatMini: null,
    wechatOauth: null,
    wechatMessaging: {
      templates: { mini: {}, oa: {} },
      miniprogramState: 'developer',
      apiOrigin: WECHAT_API_ORIGIN,
    },
    frameAncestors: [],
    hsts: false,
    fileUrlSecret: DEV_FILE_URL_SECRET,
    uploadQuotaBytes: DEFAULT_UPLOAD_QUOTA_MB * 1024 * 1024,
    uploadDailyBytes: DEFAULT_UPLOAD_DAILY_MB * 1024 * 1024,
    stopTimeoutMs: 25_000,
    metricsToken: null,
    sms: { provider: 'sandbox' },
    mail: { provider: 'sandbox' },
    smsCodeSecret: DEV_SMS_CODE_SECRET,
    dataEncryptionKey: DEV_DATA_ENCRYPTION_KEY,
    smsAccountHourlyLimit: DEFAULT_SMS_ACCOUNT_HOURLY_LIMIT,
    smsGlobalHourlyLimit: DEFAULT_SMS_GLOBAL_HOURLY_LIMIT,
    ...overrides,
  }
}

export function hostPGlite(): typeof PGlite {
  if (!globalThis.__hostPGlite) {
    throw new Error('Run API tests in the api jest project: its testEnvironment hands PGlite over')
  }
  return globalThis.__hostPGlite
}

/** An in-memory PGlite with every migration applied, loaded from this worker's dump after the first. */
async function openMigratedPGlite(): Promise<DatabaseHandle> {
  const dump = globalThis.__migratedDump
  if (dump?.blob) return openDatabase(MEMORY_URL, { PGlite: hostPGlite(), loadDataDir: dump.blob })
  const handle = await openDatabase(MEMORY_URL, { PGlite: hostPGlite() })
  await migrateDatabase(handle)
  if (dump && handle.driver.kind === 'pglite') dump.blob = await handle.driver.client.dumpDataDir('none')
  return handle
}

/** In-memory PGlite, or a throwaway database on the PostgreSQL named by TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle
  /** The throwaway PostgreSQL database (another instance may open it); null for in-memory PGlite. */
  url: string | null
  dispose: () => Promise<void>
}> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const handle = await openMigratedPGlite()
    return { handle, url: null, dispose: () => handle.close() }
  }
  const throwaway = await throwawayDatabase(serverUrl, 'mc_test')
  const handle = await openDatabase(throwaway.url)
  return {
    handle,
    url: throwaway.url,
    dispose: async () => {
      await handle.close()
      await throwaway.drop()
    },
  }
}

/** What a variant app may replace besides its configuration (`listen: undefined`: an app that caches nothing). */
export type VariantOptions = Pick<BuildOptions, 'wechatApi' | 'wechatHttp' | 'onNotified' | 'listen'>

export interface CallOptions {
  token?: string
  ip?: string
  headers?: Record<string, string>
}

export interface TestServer {
  app: FastifyInstance
  db: Database
  /** The PostgreSQL database of this server (TEST_DATABASE_URL); null on in-memory PGlite. */
  databaseUrl: string | null
  clock: TestClock
  /** Where this server's uploads live (a temporary folder on PGlite, stored_files on PostgreSQL). */
  fileStorage: FileStorage
  /** Another app on the same database, e.g. in production mode (with a fake WeChat: options.wechatApi). */
  buildVariant(overrides: Partial<ServerConfig>, options?: VariantOptions): Promise<FastifyInstance>
  /**
   * Resolves once `app` has applied the database's next notification on `channel` about `id`. Call it
   * before a write made straight to the database (another writer): on PostgreSQL the notification
   * reaches the app's cache a moment after the write returns.
   */
  notified(channel: string, id: number): Promise<void>
  get<T = unknown>(url: string, options?: CallOptions): Promise<Envelope<T>>
  post<T = unknown>(url: string, body: unknown, options?: CallOptions): Promise<Envelope<T>>
  /** A fresh image captcha and its answer (read from the database). */
  captcha(): Promise<{ uuid: string; answer: string }>
  /** The full password login; returns the envelope. */
  login(account: string, password?: string, options?: CallOptions): Promise<Envelope<LoginData>>
  /** Logs in and returns the token, failing the test if the login is refused. */
  tokenFor(account: string): Promise<string>
  /** A fresh slider puzzle's id and the captchaData that passes it (read from the database). */
  slider(): Promise<{ id: string; captchaData: string }>
  /**
   * A slider solved through check222 for `phone` (or, with no phone, for the session behind
   * options.token). Throws if check222 refuses.
   */
  solvedSlider(phone?: string, options?: CallOptions): Promise<{ captchaId: string; captchaData: string }>
  /** Solves a slider and asks POST `url` (default /api/pc/sendSmsCode) to send; returns the envelope. */
  sendSms(phone: string, type: string, options?: CallOptions & { url?: string }): Promise<Envelope<null>>
  /** The newest code the sandbox phone received (any purpose); null when none. */
  latestSms(phone: string, purpose?: string): Promise<string | null>
  close(): Promise<void>
}

export interface LoginData {
  token: string
  accountId: number
  subAccountId: number
  role: number
}

export const encrypt = (plain: string) => encryptPassword(plain, PASSWORD_AES_KEY)

function headersOf(options: CallOptions = {}) {
  return { ...(options.token ? { token: options.token } : {}), ...options.headers }
}

/** `options` go to every app it builds (e.g. a fake WeChat every instance shares, as the real one). */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: Pick<VariantOptions, 'wechatHttp'> = {},
): Promise<TestServer> {
  const { handle, url: databaseUrl, dispose } = await openTestDatabase()
  await migrateDatabase(handle)
  await seedDatabase(handle, { seed: true })
  const clock = createClock()
  const fileStorage = fileStorageFor(handle)
  const apps: FastifyInstance[] = []
  const build = async (config: Partial<ServerConfig>, variant: VariantOptions = {}) => {
    const built = buildApp({
      db: handle.db,
      config: testConfig({ ...overrides, ...config }),
      now: clock,
      listen: handle.listen,
      fileStorage,
      // Every answer must come through its response schema unchanged (server/http/response-check.ts).
      checkResponses: true,
      ...options,
      ...variant,
    })
    apps.push(built)
    await built.ready()
    return built
  }
  const waiting = new Map<string, (() => void)[]>()
  const onNotified = (channel: string, id: number) => {
    const key = `${channel}:${id}`
    const resolvers = waiting.get(key) ?? []
    waiting.delete(key)
    resolvers.forEach((resolve) => resolve())
  }
  const app = await build({}, { onNotified })

  const call = async <T>(method: 'GET' | 'POST', url: string, body: unknown, options: CallOptions = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: headersOf(options),
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as object }),
    })
    if (response.statusCode !== 200) {
      throw new Error(`${method} ${url}: HTTP ${response.statusCode} ${response.body.slice(0, 500)}`)
    }
    return response.json() as Envelope<T>
  }

  const server: TestServer = {
    app,
    db: handle.db,
    databaseUrl,
    clock,
    fileStorage,
    buildVariant: build,
    notified: (channel, id) =>
      new Promise((resolve) => {
        const key = `${channel}:${id}`
        waiting.set(key, [...(waiting.get(key) ?? []), resolve])
      }),
    get: (url, options) => call('GET', url, undefined, options),
    post: (url, body, options) => call('POST', url, body, options),
    async captcha() {
      const issued = await server.get<{ uuid: string }>('/api/app/code?type=6')
      const [row] = await handle.db.select().from(captchas).where(eq(captchas.id, issued.data.uuid))
      return { uuid: issued.data.uuid, answer: row.answer }
    },
    async login(account, password = DEMO_PASSWORD, options) {
      const { uuid, answer } = await server.captcha()
      return server.post<LoginData>(
        '/api/app/loginByPassword',
        {
          phone: account,
          password: encrypt(password),
          uuId: uuid,
          verificationCode: answer,
          type: 1,
          platform: 'h5',
        },
        options,
      )
    },
    async tokenFor(account) {
      const result = await server.login(account)
      if (result.code !== 200) throw new Error(`login ${account} refused: ${result.code} ${result.message}`)
      return result.data.token
    },
    async slider() {
      const issued = await server.get<{ id: string }>('/api/app/genCaptcha?type=SLIDER')
      if (issued.code !== 200) throw new Error(`genCaptcha refused: ${issued.message}`)
      const [row] = await handle.db.select().from(captchas).where(eq(captchas.id, issued.data.id))
      return { id: issued.data.id, captchaData: row.answer }
    },
    async solvedSlider(phone, options) {
      const { id, captchaData } = await server.slider()
      const checked = await server.post('/api/app/check222', { id, captchaData, phone }, options)
      if (checked.code !== 200) throw new Error(`check222 refused: ${checked.code} ${checked.message}`)
      return { captchaId: id, captchaData }
    },
    async sendSms(phone, type, options = {}) {
      const { url = '/api/pc/sendSmsCode', ...callOptions } = options
      const solved = await server.solvedSlider(phone, callOptions)
      return server.post<null>(url, { phone, type, ...solved }, callOptions)
    },
    async latestSms(phone, purpose) {
      await app.outbox.settle()
      const [row] = await handle.db
        .select({ code: sandboxMessages.code })
        .from(sandboxMessages)
        .where(
          and(
            eq(sandboxMessages.recipient, phone),
            isNotNull(sandboxMessages.code),
            ...(purpose ? [eq(sandboxMessages.purpose, purpose)] : []),
          ),
        )
        .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
        .limit(1)
      return row?.code ?? null
    },
    async close() {
      for (const built of apps) await built.close()
      await dispose()
    },
  }
  return server
}

/**
 * The test file's server: started before its tests (beforeAll, registered first so the file's own
 * hooks see it) and closed after them. The object it returns stands for that server; reading it
 * before the start, at the file's top level, throws.
 */
export function useTestServer(
  overrides: Partial<ServerConfig> = {},
  options: Pick<VariantOptions, 'wechatHttp'> = {},
): TestServer {
  let started: TestServer | undefined
  beforeAll(async () => {
    started = await startTestServer(overrides, options)
  }, 60_000)
  afterAll(() => started?.close())
  return new Proxy({} as TestServer, {
    get(_unstarted, key) {
      if (!started)
        throw new Error(`the test server starts in beforeAll: read server.${String(key)} in a test`)
      return Reflect.get(started, key)
    },
  })
}
