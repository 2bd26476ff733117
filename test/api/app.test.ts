import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { sandboxMessages } from '../../server/db/schema'
import { testConfig, useTestServer } from './support/harness'

const server = useTestServer()
let production: FastifyInstance
let withConsole: FastifyInstance
let staticDir: string

const INDEX_HTML = '<!doctype html><title>会员中心</title><div id="app"></div>'

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-static-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML)
  fs.mkdirSync(path.join(staticDir, 'js'))
  fs.writeFileSync(path.join(staticDir, 'js', 'app.1a2b3c4d.js'), 'console.log(1)')
  fs.writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *')
  production = await server.buildVariant({ production: true })
  withConsole = await server.buildVariant({ staticDir })
}, 60_000)

afterAll(async () => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})

describe('error envelopes (never a stack trace or a raw 500)', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/app/loginByPassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 400, message: '请求数据格式有误', data: null })
  })

  it('answers an unsupported content type with a 400 envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/app/loginByPassword',
      headers: { 'content-type': 'application/xml' },
      payload: '<phone/>',
    })
    expect(response.json()).toMatchObject({ code: 400, data: null })
  })

  it('answers an unknown /api path with a 404 envelope over HTTP 200', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no/such/call' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 404, message: '接口不存在', data: null })
    expect((await server.post('/api/no/such/call', {})).code).toBe(404)
  })

  it('hides an unexpected exception behind 服务器繁忙 with the request id to quote', async () => {
    const app = buildApp({ db: server.db, config: testConfig() })
    app.get('/api/test/explode', async () => {
      throw new Error('secret stack detail')
    })
    const exploded = await app.inject({ method: 'GET', url: '/api/test/explode' })
    await app.close()
    expect(exploded.statusCode).toBe(200)
    const requestId = exploded.headers['x-request-id']
    expect(requestId).toMatch(/^[0-9a-f]{12}$/)
    expect(exploded.json()).toEqual({
      code: 500,
      message: `服务器繁忙，请稍后重试（编号 ${requestId}）`,
      data: null,
    })
    expect(exploded.body).not.toContain('secret')
  })

  it('sends a new request id with every answer and ignores the one a client sends', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/app/code?type=6' })
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/no/such/call',
      headers: { 'x-request-id': 'forged-id' },
    })
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/)
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/)
    expect(forged.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
    // The spec's own messages stay as written: only the generic failure carries the id.
    expect(forged.json()).toEqual({ code: 404, message: '接口不存在', data: null })
  })
})

describe('GET /api/app/code (image captcha)', () => {
  it.each([1, 6, 7, 8])('returns an SVG data URL for type %i', async (type) => {
    const result = await server.get<{ uuid: string; img: string }>(`/api/app/code?type=${type}`)
    expect(result.code).toBe(200)
    expect(result.data.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.data.img).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(result.data.img.split(',')[1], 'base64').toString('utf8')
    expect(svg).toContain('<svg')
  })

  it('draws 4 characters without look-alikes', async () => {
    for (let i = 0; i < 20; i += 1) {
      const { answer } = await server.captcha()
      expect(answer).toMatch(/^[A-Za-z0-9]{4}$/)
      expect(answer).not.toMatch(/[0oO1iIlL2zZ5sS9gqQcC]/)
    }
  })

  it.each(['0', '9', 'abc', ''])('refuses type %p', async (type) => {
    const result = await server.get(`/api/app/code?type=${type}`)
    expect(result.code).toBe(400)
    expect(result.data).toBeNull()
  })
})

describe('dev sandbox routes', () => {
  it('reads the latest SMS code of a phone, 404 when there is none', async () => {
    await server.db.insert(sandboxMessages).values([
      {
        channel: 'sms',
        recipient: '13800000001',
        body: '',
        code: '111111',
        createdAt: new Date(Date.now() - 1000),
      },
      { channel: 'sms', recipient: '13800000001', body: '', code: '222222', createdAt: new Date() },
    ])
    expect(await server.get('/__dev/sms?phone=13800000001')).toMatchObject({
      code: 200,
      data: { code: '222222' },
    })
    expect(await server.get('/__dev/sms?phone=13800000009')).toMatchObject({ code: 404, data: null })
  })

  it('reads a captcha answer', async () => {
    const { uuid, answer } = await server.captcha()
    expect(await server.get(`/__dev/captcha?id=${uuid}`)).toMatchObject({ code: 200, data: { answer } })
    expect((await server.get('/__dev/captcha?id=nope')).code).toBe(404)
  })

  it.each([
    ['GET', '/__dev/sms?phone=13800000001'],
    ['GET', '/__dev/captcha?id=00000000-0000-4000-8000-000000000000'],
    ['POST', '/__dev/entryToken'],
    ['POST', '/__dev/forgetAddresses'],
    ['GET', '/__dev/wechat/scan?code=0123456789abcdef0123456789abcdef'],
    ['GET', '/__dev/wechat/oauth?state=x&redirect=%2Findex'],
    ['POST', '/__dev/wechat/oauth'],
    ['GET', '/__dev/wechat/official-account'],
  ] as const)('is absent in production: %s %s', async (method, url) => {
    const response = await production.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: { phone: '13800000001' } } : {}),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 404, message: '接口不存在', data: null })
  })

  it('keeps the API in production', async () => {
    const response = await production.inject({ method: 'GET', url: '/api/app/code?type=6' })
    expect(response.json().code).toBe(200)
  })
})

describe('the built H5 console with history fallback', () => {
  it.each(['/', '/login', '/index', '/orderlist?x=1', '/noticesDetail?id=3'])(
    'serves index.html for %s',
    async (url) => {
      const response = await withConsole.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(INDEX_HTML)
    },
  )

  it('serves hashed assets with a long cache and other files without', async () => {
    const asset = await withConsole.inject({ method: 'GET', url: '/js/app.1a2b3c4d.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)')
    expect(asset.headers['cache-control']).toContain('immutable')
    const robots = await withConsole.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.headers['cache-control']).not.toContain('immutable')
  })

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await withConsole.inject({ method: 'GET', url: '/js/app.deadbeef.js' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<title>')
  })

  it('still answers unknown /api and /__dev paths with envelopes', async () => {
    for (const url of ['/api/nope', '/__dev/nope']) {
      const response = await withConsole.inject({ method: 'GET', url })
      expect(response.json()).toEqual({ code: 404, message: '接口不存在', data: null })
    }
  })

  it('serves no page when no console is built', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/login' })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe(404)
  })
})
