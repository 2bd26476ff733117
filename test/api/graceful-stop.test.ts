// Graceful stop (and the request log line of the real server): SIGTERM while requests are in flight. The server stops accepting
// connections, answers each request it had already begun in full, closes its database (the PGlite
// lock file is gone) and exits 0.
import fs from 'node:fs'
import http from 'node:http'
import {
  heldRequest,
  killStrayServers,
  loggedLine,
  request,
  serverDatabase,
  spawnServer,
} from './support/spawned-server'

// A fresh PGlite folder is created, migrated and seeded first: seconds alone, far more on a busy machine.
jest.setTimeout(300_000)

let database: Awaited<ReturnType<typeof serverDatabase>>

beforeAll(async () => {
  database = await serverDatabase()
})

afterAll(async () => {
  killStrayServers()
  await database?.dispose()
})

const IN_FLIGHT = 8

it('answers every request in flight, then closes the database and exits 0', async () => {
  const server = await spawnServer(database.url)
  // Logs: one JSON line per request, under the id the response carried, with secrets redacted.
  const logged = await request(server.url, 'GET', '/api/feignApi/fkToken?token=secret-entry-token')
  const requestId = logged.headers['x-request-id']
  expect(requestId).toMatch(/^[0-9a-f]{12}$/)
  const line = await loggedLine(server, (entry) => entry.reqId === requestId)
  expect(line).toMatchObject({
    msg: 'request completed',
    req: { method: 'GET', url: '/api/feignApi/fkToken?token=[redacted]' },
    res: { statusCode: 200 },
  })
  expect(server.lines.filter((entry) => entry.reqId === requestId)).toHaveLength(1)
  expect(JSON.stringify(server.lines)).not.toContain('secret-entry-token')
  // Each asks for a slider puzzle (drawn, then stored as a row); the server has read their headers
  // (100 Continue) but not yet their bodies when the signal comes.
  const held = Array.from({ length: IN_FLIGHT }, () =>
    heldRequest(server.url, '/api/app/genCaptcha', { type: 'SLIDER' }),
  )
  await Promise.all(held.map((call) => call.headersRead))
  server.child.kill('SIGTERM')
  await loggedLine(server, (line) => String(line.msg).startsWith('stopping'))
  // From now on a probe is answered 503 (not ready), until the listener closes and refuses it.
  for (;;) {
    const probe = await request(server.url, 'GET', '/readyz').then(
      (answer) => ({ status: answer.status, refused: null }),
      (error: NodeJS.ErrnoException) => ({ status: null, refused: error.code }),
    )
    if (probe.refused) {
      expect(probe.refused).toBe('ECONNREFUSED')
      break
    }
    expect(probe.status).toBe(503)
  }
  // …while the requests already begun still finish.
  for (const call of held) call.sendBody()
  for (const answer of await Promise.all(held.map((call) => call.answer))) {
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, data: { id: expect.any(String) } })
  }
  expect(await server.exit).toEqual({ code: 0, signal: null })
  expect(server.lines.map((line) => line.msg)).toContain('stopped')
  if (database.folder) expect(fs.existsSync(`${database.folder}.lock`)).toBe(false)
})

it('closes a keep-alive connection as soon as its request is answered, not at the stop timeout', async () => {
  // A load balancer keeps its connections open between requests: one whose request is still being
  // answered when the stop begins must not keep the server up once that answer is sent.
  const server = await spawnServer(database.url, { STOP_TIMEOUT_MS: '60000' })
  const agent = new http.Agent({ keepAlive: true })
  try {
    const held = heldRequest(server.url, '/api/app/genCaptcha', { type: 'SLIDER' }, agent)
    await held.headersRead
    server.child.kill('SIGTERM')
    await loggedLine(server, (line) => String(line.msg).startsWith('stopping'))
    held.sendBody()
    expect((await held.answer).status).toBe(200)
    expect(await server.exit).toEqual({ code: 0, signal: null })
    expect(server.lines.map((line) => line.msg)).not.toContain(
      'stop timed out: closing the connections still open',
    )
  } finally {
    agent.destroy()
  }
})
