// Every kind of response carries the security headers (CSP, nosniff,
// frame-ancestors, no-referrer); HSTS only when configured; the sandbox pages keep their nonce CSP.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { useTestServer } from './support/harness'

const server = useTestServer()
let withConsole: FastifyInstance
let embeddable: FastifyInstance
let overTls: FastifyInstance
let staticDir: string

const INDEX_HTML = '<!doctype html><title>会员中心</title><script defer src="/js/app.1a2b3c4d.js"></script>'
const PORTAL = 'https://portal.example.com'

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-headers-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML)
  fs.mkdirSync(path.join(staticDir, 'js'))
  fs.writeFileSync(path.join(staticDir, 'js', 'app.1a2b3c4d.js'), 'console.log(1)')
  withConsole = await server.buildVariant({ staticDir })
  embeddable = await server.buildVariant({ staticDir, frameAncestors: [PORTAL, 'https://b.example.com'] })
  overTls = await server.buildVariant({ staticDir, hsts: true })
}, 60_000)

afterAll(async () => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})

/** The CSP header as directive name → sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy']
  expect(typeof header).toBe('string')
  const directives = new Map<string, string[]>()
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

function expectConsoleHeaders(response: LightMyRequestResponse) {
  const csp = policyOf(response)
  expect(csp.get('default-src')).toEqual(["'self'"])
  // Scripts only from the console's own files and WeChat's JS-SDK: no inline script, no eval.
  expect(csp.get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com'])
  expect(csp.get('script-src-attr')).toEqual(["'none'"])
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
  expect(csp.get('connect-src')).toEqual(["'self'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.has('upgrade-insecure-requests')).toBe(false)
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['x-frame-options']).toBe('DENY')
  expect(response.headers['referrer-policy']).toBe('no-referrer')
  expect(response.headers['strict-transport-security']).toBeUndefined()
}

describe('the console policy on every kind of response', () => {
  it.each([
    ['an API answer', 'GET', '/api/app/code?type=6'],
    ['an API refusal', 'GET', '/api/app/code?type=0'],
    ['a call that needs a session', 'GET', '/api/pc/getPersonalInfo'],
    ['an unknown /api path', 'POST', '/api/no/such/call'],
    ['an unknown /__dev path', 'GET', '/__dev/nope'],
    ['a sandbox JSON call', 'GET', '/__dev/captcha?id=nope'],
  ] as const)('%s (%s %s)', async (_kind, method, url) => {
    const response = await withConsole.inject({ method, url })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toHaveProperty('code')
    expectConsoleHeaders(response)
  })

  it.each(['/', '/login', '/customer?userId=1&accountId=1'])('the console page %s', async (url) => {
    const response = await withConsole.inject({ method: 'GET', url })
    expect(response.body).toBe(INDEX_HTML)
    expectConsoleHeaders(response)
  })

  it('a static asset', async () => {
    const response = await withConsole.inject({ method: 'GET', url: '/js/app.1a2b3c4d.js' })
    expect(response.body).toBe('console.log(1)')
    expectConsoleHeaders(response)
  })

  it('a missing asset (HTTP 404)', async () => {
    const response = await withConsole.inject({ method: 'GET', url: '/js/app.deadbeef.js' })
    expect(response.statusCode).toBe(404)
    expectConsoleHeaders(response)
  })

  it.each([
    ['a malformed query escape', '/api/app/code?type=6%'],
    ['a malformed path escape', '/api/app/%E0%A4%A'],
    ['an over-long path parameter', `/api/pc/noticeFiles/${'x'.repeat(300)}`],
  ])('a request refused before its handler: %s', async (_kind, url) => {
    const response = await server.app.inject({ method: 'GET', url })
    expect(response.json()).toMatchObject({ code: 400, message: '非法参数' })
    expectConsoleHeaders(response)
  })

  it('the production server', async () => {
    const production = await server.buildVariant({ production: true, staticDir })
    expectConsoleHeaders(await production.inject({ method: 'GET', url: '/login' }))
    expectConsoleHeaders(await production.inject({ method: 'GET', url: '/__dev/wechat/official-account' }))
  })
})

describe('a sandbox page (/__dev, HTML with a nonce script)', () => {
  it('keeps its own stricter policy, the nonce matching its one script', async () => {
    const scene = await server.get<{ code: string }>('/api/wechat/getQrAddress')
    const response = await withConsole.inject({
      method: 'GET',
      url: `/__dev/wechat/scan?code=${scene.data.code}`,
    })
    expect(response.headers['content-type']).toMatch(/text\/html/)
    const csp = policyOf(response)
    expect(csp.get('default-src')).toEqual(["'none'"])
    const [nonceSource] = csp.get('script-src') ?? []
    expect(nonceSource).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/)
    const nonce = nonceSource.slice("'nonce-".length, -1)
    expect(response.body.match(/<script[^>]*>/g)).toEqual([`<script nonce="${nonce}">`])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'none'"])
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it("the QR confirmation page (WeChat's callback) runs no script and posts its form only here", async () => {
    const scene = await server.get<{ code: string }>('/api/wechat/getQrAddress')
    const response = await withConsole.inject({
      method: 'GET',
      url: `/wechat/oauth/callback?code=sandbox%3Awx-demo-main&state=s${scene.data.code}`,
    })
    expect(response.body).toContain('<form method="post" action="/wechat/oauth/confirm">')
    expect(response.body).not.toMatch(/<script/)
    const csp = policyOf(response)
    expect(csp.get('default-src')).toEqual(["'none'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('draws a fresh nonce on every response', async () => {
    const first = policyOf(await withConsole.inject({ method: 'GET', url: '/__dev/wechat/official-account' }))
    const second = policyOf(
      await withConsole.inject({ method: 'GET', url: '/__dev/wechat/official-account' }),
    )
    expect(first.get('script-src')).not.toEqual(second.get('script-src'))
  })
})

describe('configured framing and HSTS', () => {
  it('lets only FRAME_ANCESTORS frame the console, without the DENY header', async () => {
    for (const url of ['/login', '/api/app/code?type=6']) {
      const response = await embeddable.inject({ method: 'GET', url })
      expect(policyOf(response).get('frame-ancestors')).toEqual([PORTAL, 'https://b.example.com'])
      expect(response.headers['x-frame-options']).toBeUndefined()
    }
  })

  it('sends Strict-Transport-Security and upgrades requests only with HSTS', async () => {
    const response = await overTls.inject({ method: 'GET', url: '/login' })
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(policyOf(response).has('upgrade-insecure-requests')).toBe(true)
    expect(policyOf(response).get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com'])
  })
})

describe('the console HTML template', () => {
  it('has no inline script (the policy allows none)', () => {
    const template = fs.readFileSync(path.join(__dirname, '../../src/index.html'), 'utf8')
    for (const tag of template.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toMatch(/\ssrc=/)
    expect(template).not.toMatch(/\son[a-z]+=/i)
  })
})
