// Metrics: Prometheus text at /metrics with request counts and latency per route, the
// process, the PostgreSQL pool and the login counters. Open in the sandbox; in production only with
// the bearer token, and a 404 (not the console's index.html) when no token is set.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { registerGauge } from '../../server/http/metrics'
import { DEMO, testConfig, useTestServer } from './support/harness'

const server = useTestServer()
let staticDir: string

const TOKEN = 'metrics-token-for-tests'

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-static-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>会员中心</title>')
}, 180_000)

afterAll(async () => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: '/metrics', headers })
}

/** The value of one sample line, e.g. value(text, 'member_centre_login_attempts_total'); 0 when absent. */
function value(text: string, sample: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `))
  return line ? Number(line.slice(sample.length + 1)) : 0
}

describe('in the sandbox', () => {
  it('counts and times each route by method, route and status', async () => {
    await server.get('/api/app/code?type=6')
    await server.get('/api/app/code?type=6')
    const response = await scrape(server.app)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const sample = 'http_request_duration_seconds_count{method="GET",route="/api/app/code",status_code="200"}'
    expect(value(response.body, sample)).toBeGreaterThanOrEqual(2)
    expect(response.body).toContain(
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/app/code"',
    )
    // The process itself.
    expect(response.body).toContain('process_resident_memory_bytes')
    expect(response.body).toContain('nodejs_eventloop_lag_seconds')
    // Probes and scrapes are not requests worth counting.
    expect(response.body).not.toContain('route="/metrics"')
  })

  it('counts password logins checked, refused and successful', async () => {
    const before = (await scrape(server.app)).body
    expect((await server.login(DEMO.owner, 'Wrong@12345')).code).toBe(400)
    expect((await server.login(DEMO.owner)).code).toBe(200)
    const after = (await scrape(server.app)).body
    const delta = (sample: string) => value(after, sample) - value(before, sample)
    expect(delta('member_centre_login_attempts_total')).toBe(2)
    expect(delta('member_centre_login_successes_total')).toBe(1)
  })

  it('counts a locked account as a refusal', async () => {
    const before = (await scrape(server.app)).body
    for (let i = 0; i < 5; i += 1) expect((await server.login(DEMO.otherOwner, 'Wrong@12345')).code).toBe(400)
    expect((await server.login(DEMO.otherOwner)).code).toBe(429)
    const after = (await scrape(server.app)).body
    const sample = 'member_centre_login_refusals_total{reason="locked"}'
    expect(value(after, sample) - value(before, sample)).toBe(1)
  }, 300_000)

  it('counts payment notifications by provider and outcome: a bad signature as forged', async () => {
    const sample = 'member_centre_payment_notifications_total{provider="alipay",outcome="forged"}'
    const before = value((await scrape(server.app)).body, sample)
    // Unsigned: the sandbox's notification check refuses it.
    const answer = await server.post('/api/alipay/notify', {
      out_trade_no: 'nope',
      trade_status: 'TRADE_SUCCESS',
    })
    expect(answer.code).not.toBe(200)
    expect(value((await scrape(server.app)).body, sample) - before).toBe(1)
  })

  it('shows the PostgreSQL pool (not on PGlite, which has none) and gauges a module registers', async () => {
    const app = buildApp({ db: server.db, config: testConfig() })
    registerGauge(app, { name: 'member_centre_test_pending', help: 'a test gauge', read: async () => 7 })
    await app.ready()
    await app.inject({ method: 'GET', url: '/api/app/code?type=6' })
    const text = (await scrape(app)).body
    await app.close()
    expect(value(text, 'member_centre_test_pending')).toBe(7)
    expect(text).toMatch(/^member_centre_outbox_pending \d+$/m)
    if (server.databaseUrl) {
      expect(value(text, 'member_centre_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      expect(text).toContain('member_centre_db_pool_connections{state="waiting"}')
    } else {
      expect(text).not.toContain('member_centre_db_pool_connections')
    }
  })
})

describe('in production', () => {
  it('is off without METRICS_TOKEN: a 404, not the console', async () => {
    const app = await server.buildVariant({ production: true, staticDir, metricsToken: null })
    const response = await scrape(app)
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<title>')
    expect(response.body).not.toContain('http_request_duration_seconds')
  })

  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const app = await server.buildVariant({ production: true, staticDir, metricsToken: TOKEN })
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await scrape(app, authorization ? { authorization } : {})
      expect(refused.statusCode).toBe(401)
      expect(refused.headers['www-authenticate']).toBe('Bearer')
      expect(refused.body).not.toContain('http_request_duration_seconds')
    }
    const allowed = await scrape(app, { authorization: `Bearer ${TOKEN}` })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.body).toContain('process_resident_memory_bytes')
  })
})
