// 登录设备 on two instances sharing one PostgreSQL (TEST_DATABASE_URL; skipped on PGlite): 退出其他设备
// on one makes the other sessions answer 996 on both, and a login from a new device in a new city
// writes one 账号安全提醒 whichever instance served it. Cities come from X-Forwarded-For through a
// trusted proxy (127.0.0.1).
import crypto from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { notices, sessions } from '../../server/db/schema'
import { hashToken } from '../../server/security/tokens'
import { SESSION_CHANNEL } from '../../server/services/auth/session-cache'
import { DEMO, DEMO_PASSWORD, encrypt, testConfig, useTestServer, type LoginData } from './support/harness'

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip

const INFO = '/api/pc/getPersonalInfo'
const REVOKED = { code: 996, message: '登录状态已失效，请重新登录', data: null }
const SHENZHEN = '120.24.78.68'
const SHANGHAI = '101.226.4.6'
const newDeviceId = () => crypto.randomBytes(16).toString('hex')

const server = useTestServer()

onPostgres('登录设备 on two instances of one PostgreSQL', () => {
  let secondHandle: DatabaseHandle
  /** Instance A, behind the trusted proxy. */
  let first: FastifyInstance
  /** Instance B, on its own connection and LISTEN. */
  let second: FastifyInstance
  const heardOnSecond = new Map<string, () => void>()
  const secondHears = (id: number) =>
    new Promise<void>((done) => heardOnSecond.set(`${SESSION_CHANNEL}:${id}`, done))

  beforeAll(async () => {
    first = await server.buildVariant({ trustProxy: ['127.0.0.1'] })
    secondHandle = await openDatabase(server.databaseUrl as string)
    second = buildApp({
      db: secondHandle.db,
      config: testConfig({ trustProxy: ['127.0.0.1'] }),
      now: server.clock,
      listen: secondHandle.listen,
      onNotified: (channel, id) => heardOnSecond.get(`${channel}:${id}`)?.(),
    })
    await second.ready()
  })

  afterAll(async () => {
    await second?.close()
    await secondHandle?.close()
  })

  async function loginOn(app: FastifyInstance, account: string, from?: string, deviceId = newDeviceId()) {
    const { uuid, answer } = await server.captcha()
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/loginByPassword',
      remoteAddress: '127.0.0.1',
      headers: { 'x-device-id': deviceId, ...(from ? { 'x-forwarded-for': from } : {}) },
      payload: { phone: account, password: encrypt(DEMO_PASSWORD), uuId: uuid, verificationCode: answer },
    })
    const answered = response.json() as { code: number; message: string; data: LoginData }
    if (answered.code !== 200) throw new Error(answered.message)
    return answered.data
  }

  async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string) {
    const response = await app.inject({
      method,
      url,
      headers: { token },
      remoteAddress: '127.0.0.1',
      ...(method === 'POST' ? { payload: {} } : {}),
    })
    return response.json() as { code: number; message: string; data: unknown }
  }

  const sessionIdOf = async (token: string) =>
    (
      await server.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0].id

  it('退出其他设备 on A: the other sessions answer 996 on A and on B', async () => {
    const others = [(await loginOn(first, DEMO.owner)).token, (await loginOn(second, DEMO.owner)).token]
    const mine = (await loginOn(first, DEMO.owner)).token
    // B has them cached: only the database's notification can make it forget them.
    for (const token of others) expect((await call(second, 'GET', INFO, token)).code).toBe(200)
    const heard = Promise.all((await Promise.all(others.map(sessionIdOf))).map(secondHears))
    const answer = await call(first, 'POST', '/api/app/account/loginDevices/signOutOthers', mine)
    expect(answer.code).toBe(200)
    await heard
    for (const token of others) {
      expect(await call(first, 'GET', INFO, token)).toEqual(REVOKED)
      expect(await call(second, 'GET', INFO, token)).toEqual(REVOKED)
    }
    expect((await call(second, 'GET', INFO, mine)).code).toBe(200)
  })

  it('a new device from a new city writes one 账号安全提醒; the same device again none', async () => {
    const phone = '13900000051'
    const created = await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
    expect(created.code).toBe(200)
    const { accountId } = await loginOn(second, phone, SHENZHEN)
    const phoneInShanghai = newDeviceId()
    await loginOn(first, phone, SHANGHAI, phoneInShanghai)
    await loginOn(second, phone, SHANGHAI, phoneInShanghai)
    const alerts = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, accountId), like(notices.content, '%新设备登录%')))
    expect(alerts).toHaveLength(1)
    expect(alerts[0].content).toContain('上海市')
  })
})

it('runs on PostgreSQL only (TEST_DATABASE_URL)', () => {
  expect(server).toBeDefined()
})
