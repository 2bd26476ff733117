// `npm run bench:soak`: a load soak of two server instances on one PostgreSQL, as behind a load
// balancer. N simulated consoles (default 1,000), each with its own session, poll for --duration
// seconds (default 60): every --interval seconds (default 3) the home poll (GET /api/pc/homePoll),
// and every tenth tick the header's unread counts and the first page of the notice list. Client i
// talks to instance i % 2 over keep-alive connections (at most --sockets per instance). Halfway, a
// session is logged out on one instance and the other is polled until it refuses it (996): the
// time that takes is the cross-instance revocation delay (LISTEN/NOTIFY). Prints errors (goal 0),
// p50 / p99 per call and that delay.
// Needs PostgreSQL: DATABASE_URL or TEST_DATABASE_URL as a postgres:// server URL (a throwaway
// database is created there and dropped afterwards; `bash scripts/pg-test-cluster.sh` starts one).
// Load goes to 127.0.0.1 only, bounded in clients (≤ 5,000), time (≤ 300 s) and sockets.
// Options: --clients N, --duration S, --interval S, --sockets N, --json FILE.
// A benchmark, not a test: the figures depend on the machine and whatever else runs on it.
import http from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startBenchApp } from './lib/bench-child.mjs'

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '60' },
    interval: { type: 'string', default: '3' },
    sockets: { type: 'string', default: '100' },
    json: { type: 'string' },
  },
})
const bounded = (value, fallback, min, max) => Math.min(Math.max(Number(value) || fallback, min), max)
const clients = bounded(args.clients, 1000, 2, 5000)
const duration = bounded(args.duration, 60, 5, 300)
const intervalMs = bounded(args.interval, 3, 0.5, 60) * 1000
const sockets = bounded(args.sockets, 100, 1, 1000)
const postgresUrl = [process.env.DATABASE_URL, process.env.TEST_DATABASE_URL].find((url) =>
  /^postgres(ql)?:\/\//i.test(url ?? ''),
)
if (!postgresUrl) {
  console.error(
    'bench:soak needs PostgreSQL (two instances share one database): set DATABASE_URL or TEST_DATABASE_URL to a postgres:// server URL, e.g. export TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh)',
  )
  process.exit(2)
}

const OWNER = '13800000001'
const CALLS = {
  poll: '/api/pc/homePoll',
  unreadNotices: '/api/pc/getUnReadCount',
  unreadRecords: '/api/appWorkOrderCommunicationRecords/getRecordCount',
  noticeList: '/api/pc/messageList?pageNum=1&pageSize=10',
}

/** GET on loopback with keep-alive; resolves with { ms, code } (code: the envelope's, or an error). */
function get(agent, port, url, token) {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: url, agent, headers: { token } },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const ms = performance.now() - started
          if (response.statusCode !== 200) return resolve({ ms, code: `HTTP ${response.statusCode}` })
          try {
            resolve({ ms, code: JSON.parse(Buffer.concat(chunks).toString('utf8')).code })
          } catch {
            resolve({ ms, code: 'bad JSON' })
          }
        })
        response.on('error', (error) =>
          resolve({ ms: performance.now() - started, code: error.code ?? 'response error' }),
        )
      },
    )
    request.setTimeout(10_000, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    )
    request.on('error', (error) => resolve({ ms: performance.now() - started, code: error.code ?? 'error' }))
  })
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0
const round = (ms) => Math.round(ms * 10) / 10

const first = startBenchApp({ BENCH_DATABASE_URL: postgresUrl })
let second = null
const deadline = setTimeout(
  () => {
    console.error('bench:soak took too long; stopping')
    first.kill()
    second?.kill()
    process.exit(1)
  },
  (duration + 600) * 1000,
).unref()

try {
  const a = await first.ready
  second = startBenchApp({ BENCH_JOIN_DATABASE_URL: a.databaseUrl })
  const b = await second.ready
  const ports = [a.port, b.port]
  console.log(
    `Two instances (ports ${ports.join(', ')}) on one ${a.database} database; ${clients} clients, one poll each ${intervalMs / 1000} s, ${duration} s, ≤ ${sockets} sockets an instance`,
  )
  const creating = performance.now()
  // One spare session for the logout measure.
  const { tokens } = await first.ask({ kind: 'sessions', account: OWNER, count: clients + 1 })
  const spare = tokens.pop()
  console.log(`  ${clients} sessions created in ${((performance.now() - creating) / 1000).toFixed(1)} s`)

  const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: sockets }))
  const samples = Object.fromEntries(Object.keys(CALLS).map((name) => [name, []]))
  const errors = new Map()
  let running = true
  const end = performance.now() + duration * 1000

  async function client(index) {
    const instance = index % 2
    // Clients start spread over one interval, as consoles opened at different moments.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * intervalMs))
    for (let tick = 0; running && performance.now() < end; tick++) {
      const names = tick % 10 === 0 ? Object.keys(CALLS) : ['poll']
      const answers = await Promise.all(
        names.map((name) => get(agents[instance], ports[instance], CALLS[name], tokens[index])),
      )
      answers.forEach(({ ms, code }, i) => {
        samples[names[i]].push(ms)
        if (code !== 200) errors.set(`${names[i]}: ${code}`, (errors.get(`${names[i]}: ${code}`) ?? 0) + 1)
      })
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, intervalMs - Math.max(...answers.map((x) => x.ms)))),
      )
    }
  }

  /** Logout on instance 0, then poll instance 1 until it refuses the token. */
  async function logoutDelay() {
    const before = await get(agents[1], ports[1], CALLS.unreadNotices, spare)
    if (before.code !== 200)
      throw new Error(`the spare session was refused before its logout (${before.code})`)
    const out = await get(agents[0], ports[0], '/api/pc/logout', spare)
    if (out.code !== 200) throw new Error(`logout answered ${out.code}`)
    const loggedOut = performance.now()
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const answer = await get(agents[1], ports[1], CALLS.unreadNotices, spare)
      if (answer.code === 996) return { ms: performance.now() - loggedOut, attempts: attempt + 1 }
    }
    return { ms: null, attempts: 10_000 }
  }

  const load = Promise.all(Array.from({ length: clients }, (_, index) => client(index)))
  await new Promise((resolve) => setTimeout(resolve, (duration * 1000) / 2))
  const logout = await logoutDelay()
  await load
  running = false
  agents.forEach((agent) => agent.destroy())

  const total = Object.values(samples).reduce((sum, list) => sum + list.length, 0)
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0)
  console.log(
    `  ${total} requests in ${duration} s (${Math.round(total / duration)} req/s), ${errorCount} errors`,
  )
  const calls = {}
  for (const [name, list] of Object.entries(samples)) {
    const sorted = list.sort((x, y) => x - y)
    calls[name] = {
      requests: sorted.length,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
    }
    console.log(
      `  ${`${name} (${CALLS[name].split('?')[0]})`.padEnd(62)} ${String(sorted.length).padStart(7)} req   p50 ${String(calls[name].p50Ms).padStart(6)} ms   p99 ${String(calls[name].p99Ms).padStart(6)} ms`,
    )
  }
  for (const [what, n] of errors) console.log(`  error ${what} × ${n}`)
  console.log(
    logout.ms === null
      ? '  logout on instance 1: instance 2 still accepted the session after 10,000 tries'
      : `  logout on instance 1 refused on instance 2 after ${round(logout.ms)} ms (${logout.attempts} tries)`,
  )
  if (args.json) {
    const file = path.resolve(args.json)
    mkdirSync(path.dirname(file), { recursive: true })
    const result = {
      date: new Date().toISOString(),
      clients,
      duration,
      intervalMs,
      sockets,
      total,
      errors: Object.fromEntries(errors),
      calls,
      logoutMs: logout.ms,
    }
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  }
  if (errorCount || logout.ms === null) process.exitCode = 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  clearTimeout(deadline)
  // The joining instance first: the first one drops the database.
  await second?.stop()
  await first.stop()
}
