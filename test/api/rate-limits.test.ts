// Per-address limits on the anonymous calls that write a row or draw an image.
// The call after the limit answers HTTP 200 with envelope 429 and writes nothing; other addresses,
// other calls and the next window are unaffected.
import { count } from 'drizzle-orm'
import { captchas } from '../../server/db/schema'
import { ANONYMOUS_CALLS_PER_MINUTE as PER_MINUTE, loadConfig } from '../../server/config'
import { RATE_LIMIT_RULES, RATE_LIMITED, type RateLimitRule } from '../../server/http/rate-limits'
import { routesOf } from './support/route-table'
import { freshIp } from './support/addresses'
import { useTestServer } from './support/harness'

jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())

// The other API test files lift the limit (testConfig); this one runs with the default.
const server = useTestServer({ anonymousCallsPerMinute: PER_MINUTE })

afterEach(() => {
  jest.restoreAllMocks()
})

const LIMITED = { code: 429, message: RATE_LIMITED, data: null }

/** Each test its own addresses, so counts never carry over. */

/** Calls "METHOD /url" once from `ip`; POSTs send an empty body, refused or not by the route. */
async function call(route: string, ip: string) {
  const [method, url] = route.split(' ')
  const response = await server.app.inject({
    method: method as 'GET' | 'POST',
    url,
    remoteAddress: ip,
    ...(method === 'POST' ? { payload: {} } : {}),
  })
  // The payment callback sends the browser on (302).
  if (response.statusCode === 302) return { redirect: response.headers.location }
  expect(response.statusCode).toBe(200)
  // WeChat's OAuth callback answers the phone with a page; refused, it answers the envelope.
  return String(response.headers['content-type']).startsWith('text/html') ? { page: true } : response.json()
}

async function spend(route: string, ip: string, times: number) {
  for (let i = 0; i < times; i += 1) expect(await call(route, ip)).not.toEqual(LIMITED)
}

const captchaRows = async () => (await server.db.select({ n: count() }).from(captchas))[0].n

describe('the limited calls', () => {
  it('allow 60 calls a minute per address unless ANONYMOUS_CALLS_PER_MINUTE says otherwise', () => {
    expect(PER_MINUTE).toBe(60)
    expect(loadConfig({ NODE_ENV: 'test' }).anonymousCallsPerMinute).toBe(60)
    expect(loadConfig({ NODE_ENV: 'test', ANONYMOUS_CALLS_PER_MINUTE: '600' }).anonymousCallsPerMinute).toBe(
      600,
    )
    expect(() => loadConfig({ NODE_ENV: 'test', ANONYMOUS_CALLS_PER_MINUTE: '0' })).toThrow(
      /ANONYMOUS_CALLS_PER_MINUTE/,
    )
  })

  it('names only routes the server has, each in one rule', () => {
    const registered = routesOf(server.app).map((route) => `${route.method} ${route.url}`)
    const limited = RATE_LIMIT_RULES.flatMap((rule) => rule.routes)
    for (const route of limited) expect(registered).toContain(route)
    expect(new Set(limited).size).toBe(limited.length)
  })

  it.each(RATE_LIMIT_RULES.map((rule): [string, RateLimitRule] => [rule.group, rule]))(
    '%s: the call after the limit answers 429 请求过于频繁，请稍后再试, for every route of the group',
    async (_group, rule) => {
      const ip = freshIp()
      // The routes of a group share one count: alternating them does not double it.
      for (let i = 0; i < PER_MINUTE * (rule.factor ?? 1); i += 1) {
        expect(await call(rule.routes[i % rule.routes.length], ip)).not.toEqual(LIMITED)
      }
      for (const route of rule.routes) expect(await call(route, ip)).toEqual(LIMITED)
      // Another address still gets through.
      expect(await call(rule.routes[0], freshIp())).not.toEqual(LIMITED)
    },
    // The file downloads' count is ten times the others'.
    120_000,
  )
})

describe('the image captcha', () => {
  it('draws and stores nothing for a refused call; the next minute starts a new count', async () => {
    const ip = freshIp()
    const start = Date.now()
    jest.spyOn(Date, 'now').mockReturnValue(start)
    await spend('GET /api/app/code?type=6', ip, PER_MINUTE)
    const rows = await captchaRows()
    expect(await call('GET /api/app/code?type=6', ip)).toEqual(LIMITED)
    expect(await captchaRows()).toBe(rows)

    jest.spyOn(Date, 'now').mockReturnValue(start + 59_000)
    expect(await call('GET /api/app/code?type=6', ip)).toEqual(LIMITED)
    jest.spyOn(Date, 'now').mockReturnValue(start + 60_000)
    const fresh = await call('GET /api/app/code?type=6', ip)
    expect(fresh.code).toBe(200)
    expect(fresh.data.img).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('refuses the HEAD of a limited GET too (it would run the same handler)', async () => {
    const ip = freshIp()
    await spend('GET /api/app/code?type=6', ip, PER_MINUTE)
    const rows = await captchaRows()
    const head = await server.app.inject({ method: 'HEAD', url: '/api/app/code?type=6', remoteAddress: ip })
    expect(head.headers['retry-after']).toBeDefined()
    expect(await captchaRows()).toBe(rows)
  })

  it('tells the client when to retry', async () => {
    const ip = freshIp()
    await spend('GET /api/app/code?type=6', ip, PER_MINUTE)
    const refused = await server.app.inject({ method: 'GET', url: '/api/app/code?type=6', remoteAddress: ip })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
  })
})

describe('what is not limited', () => {
  it('leaves calls outside the table alone', async () => {
    const ip = freshIp()
    for (let i = 0; i < 80; i += 1) {
      expect((await call('GET /api/wechat/officialAccountQr', ip)).code).toBe(200)
      expect((await call('GET /api/pc/getUnReadCount', ip)).code).toBe(996)
    }
  })

  it('keeps each address its own count behind a trusted proxy, and X-Forwarded-For picks none without one', async () => {
    const proxied = await server.buildVariant({ trustProxy: ['127.0.0.1'] })
    const behindProxy = (client: string) =>
      proxied.inject({
        method: 'GET',
        url: '/api/app/code?type=6',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      })
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await behindProxy('203.0.113.7')).json().code).toBe(200)
    expect((await behindProxy('203.0.113.7')).json()).toEqual(LIMITED)
    expect((await behindProxy('203.0.113.8')).json().code).toBe(200)

    // Without TRUST_PROXY a client cannot start a new count by naming another address.
    const ip = freshIp()
    await spend('GET /api/app/code?type=6', ip, PER_MINUTE)
    const spoofed = await server.app.inject({
      method: 'GET',
      url: '/api/app/code?type=6',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.1' },
    })
    expect(spoofed.json()).toEqual(LIMITED)
  })
})
