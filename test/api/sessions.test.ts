import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { hours, minutes } from '../../server/context'
import {
  captchas,
  entryTokens,
  sessions,
  smsCodes,
  wechatScenes,
  wechatTickets,
} from '../../server/db/schema'
import { hashToken } from '../../server/security/tokens'
import { createCheckoutService } from '../../server/services/checkout/checkout'
import { createHousekeeping } from '../../server/services/housekeeping'
import { DEMO, DEMO_PASSWORD, encrypt, testConfig, useTestServer, type TestServer } from './support/harness'

const server = useTestServer()

const INFO = '/api/pc/getPersonalInfo'
const ended = (message: string) => ({ code: 996, message, data: null })

describe('the token header (996 when there is no live session, doc2 §8)', () => {
  it('asks to log in when the header is missing or empty', async () => {
    expect(await server.get(INFO)).toEqual(ended('请先登录'))
    expect(await server.get(INFO, { headers: { token: '  ' } })).toEqual(ended('请先登录'))
  })

  it('refuses an unknown token', async () => {
    expect(await server.get(INFO, { token: 'made-up-token' })).toEqual(ended('登录状态已失效，请重新登录'))
  })

  it('stores only a hash of the token', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const rows = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).not.toContain(token)
  })

  it('ends a session after 30 minutes without a request', async () => {
    const token = await server.tokenFor(DEMO.owner)
    server.clock.advance(minutes(29))
    expect((await server.get(INFO, { token })).code).toBe(200)
    // The request above counted as activity: another 29 minutes is still fine.
    server.clock.advance(minutes(29))
    expect((await server.get(INFO, { token })).code).toBe(200)
    server.clock.advance(minutes(30) + 1000)
    expect(await server.get(INFO, { token })).toEqual(ended('登录已过期，请重新登录'))
  })

  it('ends a busy session after 12 hours', async () => {
    const token = await server.tokenFor(DEMO.owner)
    for (let elapsed = 0; elapsed < hours(12) - minutes(20); elapsed += minutes(20)) {
      server.clock.advance(minutes(20))
      expect((await server.get(INFO, { token })).code).toBe(200)
    }
    server.clock.advance(minutes(21))
    expect(await server.get(INFO, { token })).toEqual(ended('登录已过期，请重新登录'))
  })
})

describe('GET /api/pc/logout', () => {
  it('revokes the session on the server', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect(await server.get('/api/pc/logout', { token })).toEqual({
      code: 200,
      message: expect.any(String),
      data: null,
    })
    expect(await server.get(INFO, { token })).toEqual(ended('登录状态已失效，请重新登录'))
    expect((await server.get('/api/pc/logout', { token })).code).toBe(996)
  })

  it('leaves the member’s other sessions alone', async () => {
    const first = await server.tokenFor(DEMO.owner)
    const second = await server.tokenFor(DEMO.owner)
    await server.get('/api/pc/logout', { token: first })
    expect((await server.get(INFO, { token: second })).code).toBe(200)
  })
})

describe('GET /api/feignApi/fkToken (single-use entry tokens, account-area §2)', () => {
  async function mint(phone: string, source = 'workOrder') {
    const minted = await server.post<{ token: string }>('/__dev/entryToken', { phone, source })
    expect(minted.code).toBe(200)
    return minted.data.token
  }

  it('exchanges an entry token for a session that carries its source', async () => {
    const entry = await mint(DEMO.subAdmin)
    const exchanged = await server.get<{ token: string; role: number; source: string }>(
      `/api/feignApi/fkToken?token=${encodeURIComponent(entry)}`,
    )
    expect(exchanged.code).toBe(200)
    expect(exchanged.data).toEqual({
      token: expect.any(String),
      accountId: expect.any(Number),
      subAccountId: expect.any(Number),
      role: 1,
      source: 'workOrder',
    })
    const info = await server.get<{ role: number }>(INFO, { token: exchanged.data.token })
    expect(info.data.role).toBe(1)
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(exchanged.data.token)))
    expect(row.source).toBe('workOrder')
  })

  it('refuses the same entry token a second time', async () => {
    const entry = await mint(DEMO.owner)
    expect((await server.get(`/api/feignApi/fkToken?token=${encodeURIComponent(entry)}`)).code).toBe(200)
    expect(await server.get(`/api/feignApi/fkToken?token=${encodeURIComponent(entry)}`)).toEqual(
      ended('登录凭证已失效，请重新登录'),
    )
  })

  it('refuses an entry token older than 5 minutes', async () => {
    const entry = await mint(DEMO.owner)
    server.clock.advance(minutes(5) + 1000)
    expect(await server.get(`/api/feignApi/fkToken?token=${encodeURIComponent(entry)}`)).toEqual(
      ended('登录凭证已失效，请重新登录'),
    )
    const [row] = await server.db
      .select()
      .from(entryTokens)
      .where(eq(entryTokens.tokenHash, hashToken(entry)))
    expect(row.usedAt).not.toBeNull()
  })

  it('refuses an unknown or missing entry token', async () => {
    expect(await server.get('/api/feignApi/fkToken?token=nope')).toEqual(ended('登录凭证已失效，请重新登录'))
    expect(await server.get('/api/feignApi/fkToken')).toEqual(ended('登录凭证已失效，请重新登录'))
  })

  it('mints nothing for an unknown phone', async () => {
    expect(await server.post('/__dev/entryToken', { phone: '13912340000' })).toEqual({
      code: 404,
      message: '账号不存在',
      data: null,
    })
  })
})

function housekeepingOf(server: TestServer) {
  const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
  return createHousekeeping(ctx, { checkout: createCheckoutService(ctx) })
}

describe('housekeeping', () => {
  it('runs its scheduled purge once a period across instances', async () => {
    // Two instances on one database, their timers firing together.
    const [first, second] = [housekeepingOf(server), housekeepingOf(server)]
    const period = hours(1)
    server.clock.advance(period)
    const claims = await Promise.all([first.runScheduled(period), second.runScheduled(period)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await second.runScheduled(period)).toBe(false)
    // The next period: one of them runs again.
    server.clock.advance(period)
    expect(await second.runScheduled(period)).toBe(true)
    expect(await first.runScheduled(period)).toBe(false)
  })

  it('deletes captchas, entry tokens and sessions a day past expiry, and keeps live ones', async () => {
    const housekeeping = housekeepingOf(server)
    const staleCaptcha = await server.captcha()
    const staleToken = await server.tokenFor(DEMO.owner)
    server.clock.advance(hours(12) + hours(24) + 1000)
    const freshCaptcha = await server.captcha()
    const freshToken = await server.tokenFor(DEMO.owner)

    await housekeeping.purgeExpired()

    const remainingCaptchas = (await server.db.select({ id: captchas.id }).from(captchas)).map(
      (row) => row.id,
    )
    expect(remainingCaptchas).toContain(freshCaptcha.uuid)
    expect(remainingCaptchas).not.toContain(staleCaptcha.uuid)
    const remainingSessions = (await server.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map(
      (row) => row.tokenHash,
    )
    expect(remainingSessions).toContain(hashToken(freshToken))
    expect(remainingSessions).not.toContain(hashToken(staleToken))
    expect((await server.get(INFO, { token: freshToken })).code).toBe(200)
  })

  it('deletes SMS rows, WeChat scenes and tickets a day past their use, and keeps recent ones', async () => {
    const housekeeping = housekeepingOf(server)
    const leave = async (phone: string) => {
      expect((await server.sendSms(phone, 'register', { ip: `192.0.2.${phone.slice(-2)}` })).code).toBe(200)
      const scene = await server.get<{ code: string }>('/api/wechat/getQrAddress')
      const mini = await server.post<{ bindTicket: string }>('/api/wechat/miniLogin', {
        code: `sandbox:wx-${phone}`,
      })
      return { scene: scene.data.code, ticket: hashToken(mini.data.bindTicket) }
    }
    const stale = await leave('13300000001')
    server.clock.advance(hours(1) + hours(24) + 1000)
    const fresh = await leave('13300000002')

    await housekeeping.purgeExpired()

    const phones = (await server.db.select({ phone: smsCodes.phone }).from(smsCodes)).map((row) => row.phone)
    expect(phones).toContain('13300000002')
    expect(phones).not.toContain('13300000001')
    const scenes = (await server.db.select({ code: wechatScenes.code }).from(wechatScenes)).map(
      (row) => row.code,
    )
    expect(scenes).toEqual([fresh.scene])
    const tickets = (await server.db.select({ hash: wechatTickets.tokenHash }).from(wechatTickets)).map(
      (row) => row.hash,
    )
    expect(tickets).toContain(fresh.ticket)
    expect(tickets).not.toContain(stale.ticket)
  })
})

describe('behind a proxy (TRUST_PROXY)', () => {
  const loginThrough = async (app: FastifyInstance, forwardedFor: string) => {
    const { uuid, answer } = await server.captcha()
    return app.inject({
      method: 'POST',
      url: '/api/app/loginByPassword',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        phone: DEMO.otherOwner,
        password: encrypt(DEMO_PASSWORD),
        uuId: uuid,
        verificationCode: answer,
      },
    })
  }
  const sessionIps = async () =>
    (await server.db.select({ ip: sessions.ip }).from(sessions)).map((row) => row.ip)

  it('records the forwarded client address only from a named proxy', async () => {
    const behindProxy = await server.buildVariant({ trustProxy: ['127.0.0.1'] })
    expect((await loginThrough(behindProxy, '203.0.113.99')).json().code).toBe(200)
    expect(await sessionIps()).toContain('203.0.113.99')
  })

  it('ignores X-Forwarded-For from a client that is not a named proxy, and without TRUST_PROXY', async () => {
    const otherProxy = await server.buildVariant({ trustProxy: ['10.0.0.0/8'] })
    expect((await loginThrough(otherProxy, '198.51.100.7')).json().code).toBe(200)
    expect((await loginThrough(server.app, '198.51.100.8')).json().code).toBe(200)
    const ips = await sessionIps()
    expect(ips).not.toContain('198.51.100.7')
    expect(ips).not.toContain('198.51.100.8')
  })

  it('trusts a hop count: the address one hop before the last proxy', async () => {
    const oneHop = await server.buildVariant({ trustProxy: 1 })
    expect((await loginThrough(oneHop, '192.0.2.1, 192.0.2.44')).json().code).toBe(200)
    expect(await sessionIps()).toContain('192.0.2.44')
    expect(await sessionIps()).not.toContain('192.0.2.1')
  })
})
