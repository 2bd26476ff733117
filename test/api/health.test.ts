// The probes of load balancers and orchestrators. /healthz says the process answers,
// /readyz that the database answers with every migration applied; both are JSON routes of their
// own (not the console's history fallback), need no session and are never rate limited.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { MEMORY_URL, openDatabase, type DatabaseHandle } from '../../server/db/client'
import { hostPGlite, testConfig, useTestServer } from './support/harness'

const server = useTestServer()
let production: FastifyInstance
let staticDir: string

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-static-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>会员中心</title>')
  // Production with the console: an unknown path would get index.html.
  production = await server.buildVariant({ production: true, staticDir, anonymousCallsPerMinute: 2 })
}, 60_000)

afterAll(async () => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})

describe.each(['/healthz', '/readyz'])('%s', (url) => {
  it('answers JSON, not the console, with no session and no caching', async () => {
    const response = await production.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ status: url === '/healthz' ? 'ok' : 'ready' })
  })

  it('is never rate limited', async () => {
    // The variant allows 2 limited calls a minute; a probe every second must keep passing.
    for (let i = 0; i < 20; i += 1) {
      expect((await production.inject({ method: 'GET', url, remoteAddress: '10.23.0.1' })).statusCode).toBe(
        200,
      )
    }
  })

  it('answers HEAD too (some balancers probe with it)', async () => {
    expect((await production.inject({ method: 'HEAD', url })).statusCode).toBe(200)
  })
})

describe('/readyz', () => {
  // One database the migrations never reached; the last test closes it.
  let bare: DatabaseHandle

  beforeAll(async () => {
    bare = await openDatabase(MEMORY_URL, { PGlite: hostPGlite() })
  }, 60_000)

  afterAll(async () => {
    await bare?.close()
  })

  it('is 503 "migrations pending" on a database the migrations have not reached', async () => {
    const app = buildApp({ db: bare.db, config: testConfig() })
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    const live = await app.inject({ method: 'GET', url: '/healthz' })
    await app.close()
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'migrations pending' })
    expect(live.statusCode).toBe(200)
  })

  it('is 503 "database unreachable" once the database is gone, while /healthz stays 200', async () => {
    const app = buildApp({ db: bare.db, config: testConfig() })
    await bare.close()
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    const live = await app.inject({ method: 'GET', url: '/healthz' })
    await app.close()
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' })
    expect(live.statusCode).toBe(200)
  })
})
