// `npm run bench:export`: 导出 of 10k and 100k orders (orders export with a date filter, XLSX and
// CSV) against the reference server in a child process (scripts/lib/bench-app.ts, sandbox mode, on
// an in-memory PGlite; a throwaway database on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is a
// postgres:// URL). Prints, for each size and format: time to first byte, total time, rows in the
// file, and the server's peak heap growth and RSS during the download (sampled in the child by
// scripts/lib/heap-sampler.mjs, which only this bench loads), beside the machine's speed.
// Goals (issue "Records customers keep"): first byte within 1 s, heap growth under 150 MB and flat
// from 10k to 100k. Exits non-zero when the heap grows 150 MB or more, or a file lacks a row.
// A benchmark, not a test: numbers vary with the machine and whatever else runs on it.
import { fork } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { SANDBOX_ENVIRONMENTS } from './lib/sandbox-env.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const SIZES = [10_000, 100_000]
const FORMATS = ['xlsx', 'csv']
const HEAP_LIMIT_MB = 150
const FIRST_BYTE_GOAL_MS = 1000
// demo_other (云帆贸易): its login phone and member account, as bench:server seeds it.
const BENCH_ACCOUNT = '13800000003'
const BENCH_MEMBER_ACCOUNT = 'demo_other'
const MB = 1024 * 1024

const nodeEnv = process.env.NODE_ENV ?? ''
if (!SANDBOX_ENVIRONMENTS.includes(nodeEnv))
  throw new Error(`the benchmarks run the development sandbox and refuse NODE_ENV=${nodeEnv}`)
const databaseUrl = [process.env.DATABASE_URL, process.env.TEST_DATABASE_URL].find((url) =>
  /^postgres(ql)?:\/\//i.test(url ?? ''),
)

/** YYYY-MM-DD in Beijing, `days` from today. */
const beijingDate = (days) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)

const child = fork(path.join(ROOT, 'scripts/lib/bench-app.ts'), [], {
  cwd: ROOT,
  execArgv: ['--import', 'tsx', '--import', path.join(ROOT, 'scripts/lib/heap-sampler.mjs')],
  env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const deadline = setTimeout(() => {
  console.error('bench:export took too long; stopping')
  child.kill('SIGKILL')
  process.exit(1)
}, 900_000).unref()

let nextId = 1
const pending = new Map()
let onReady
const ready = new Promise((resolve, reject) => {
  onReady = resolve
  child.on('exit', (code) => reject(new Error(`the bench server exited (${code})`)))
})
/** Peaks reported while a download is measured (null: not measuring). */
let window = null
let lastHeap = 0
child.on('message', (message) => {
  if (message.ready) return onReady(message)
  if (message.heapSample) {
    lastHeap = message.heapSample.now
    if (window) {
      window.heapUsed = Math.max(window.heapUsed, message.heapSample.heapUsed)
      window.rss = Math.max(window.rss, message.heapSample.rss)
      window.liveHeap = Math.max(window.liveHeap, message.heapSample.liveHeap)
    }
    return
  }
  const waiting = pending.get(message.id)
  pending.delete(message.id)
  if (message.error) waiting?.reject(new Error(message.error))
  else waiting?.resolve(message)
})
const ask = (request) =>
  new Promise((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    child.send({ id, ...request })
  })
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Rows of an XLSX file, read as a stream (the parent does not hold the sheet either). */
async function xlsxRowCount(body) {
  let rows = 0
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([body]), {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  })
  for await (const sheet of reader) for await (const _row of sheet) rows++
  return rows
}

/** CSV records: CRLF line ends outside quotes (the bench's rows have no line breaks in them). */
const csvRowCount = (body) => body.toString('utf8').split('\r\n').filter(Boolean).length

async function measure(base, token, format, from, to) {
  // Let the heap settle, then measure from the level it is at.
  await settle(300)
  const baseline = lastHeap
  window = { heapUsed: baseline, rss: 0, liveHeap: 0 }
  const started = performance.now()
  const response = await fetch(`${base}/api/app/exports/orders?format=${format}&from=${from}&to=${to}`, {
    headers: { token },
  })
  if (!response.headers.get('content-disposition'))
    throw new Error(`export refused: ${JSON.stringify(await response.json())}`)
  const chunks = []
  let firstByte = null
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started
    chunks.push(chunk)
  }
  const total = performance.now() - started
  await settle(120)
  const peak = window
  window = null
  const body = Buffer.concat(chunks)
  const rows = format === 'xlsx' ? await xlsxRowCount(body) : csvRowCount(body)
  return {
    firstByteMs: Math.round(firstByte),
    totalMs: Math.round(total),
    rows,
    bytes: body.length,
    heapGrowthMb: Math.max(0, (peak.heapUsed - baseline) / MB),
    // What a full collection during the download left: 0 when none ran (nothing needed one).
    liveGrowthMb: peak.liveHeap ? Math.max(0, (peak.liveHeap - baseline) / MB) : 0,
    peakRssMb: peak.rss / MB,
  }
}

async function main() {
  const { port, database } = await ready
  const base = `http://127.0.0.1:${port}`
  const cpus = os.cpus()
  console.log(
    `bench:export on ${database}; machine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, node ${process.version}`,
  )
  const token = (await ask({ kind: 'login', account: BENCH_ACCOUNT })).token
  // The bench account's orders are spread over the last rows × 5 minutes (under a year for 100k).
  const from = beijingDate(-400)
  const to = beijingDate(0)
  const results = []
  for (const size of SIZES) {
    const seeding = performance.now()
    await ask({ kind: 'seed', account: BENCH_MEMBER_ACCOUNT, rows: size })
    console.log(
      `${size.toLocaleString('en')} orders (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s), from=${from}&to=${to}`,
    )
    for (const format of FORMATS) {
      const result = { size, format, ...(await measure(base, token, format, from, to)) }
      results.push(result)
      console.log(
        `  ${format.padEnd(4)} first byte ${String(result.firstByteMs).padStart(5)} ms, total ${String(result.totalMs).padStart(6)} ms, ` +
          `${result.rows.toLocaleString('en')} rows (${(result.bytes / MB).toFixed(1)} MB), ` +
          `heap growth ${result.heapGrowthMb.toFixed(1)} MB (after full GCs ${result.liveGrowthMb.toFixed(1)} MB), ` +
          `peak RSS ${result.peakRssMb.toFixed(0)} MB`,
      )
    }
  }
  const failures = []
  for (const result of results) {
    if (result.rows !== result.size + 1)
      failures.push(`${result.size} ${result.format}: ${result.rows} rows, not ${result.size + 1}`)
    if (result.heapGrowthMb >= HEAP_LIMIT_MB)
      failures.push(`${result.size} ${result.format}: heap grew ${result.heapGrowthMb.toFixed(1)} MB`)
    if (result.firstByteMs > FIRST_BYTE_GOAL_MS)
      console.log(
        `  note: ${result.size} ${result.format} first byte after ${result.firstByteMs} ms (goal 1 s)`,
      )
  }
  for (const format of FORMATS) {
    const [small, large] = SIZES.map((size) => results.find((r) => r.size === size && r.format === format))
    console.log(
      `  ${format} heap growth ${SIZES.map((n) => n.toLocaleString('en')).join(' → ')}: ` +
        `${small.heapGrowthMb.toFixed(1)} → ${large.heapGrowthMb.toFixed(1)} MB; after full GCs ` +
        `${small.liveGrowthMb.toFixed(1)} → ${large.liveGrowthMb.toFixed(1)} MB`,
    )
  }
  if (failures.length) {
    console.error(`bench:export FAILED:\n  ${failures.join('\n  ')}`)
    process.exitCode = 1
  } else console.log('bench:export: every file complete, heap growth under the goal')
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    clearTimeout(deadline)
    if (child.connected) child.disconnect()
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)))
  })
