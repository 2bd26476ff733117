// `npm run bench:reminders`: how long one run of the expiry reminder job takes over
// 100,000 products on PostgreSQL (goal: under 60 s). Seeds a throwaway database on the server named
// by DATABASE_URL or TEST_DATABASE_URL (`bash scripts/pg-test-cluster.sh` starts one) with 1,000
// accounts of 100 products each, 10 % of them expiring within the job's window, then times:
//   1. a first run: every product in the window is owed its current reminder (the catch-up after a
//      deployment), each with its notice, SMS and mail written; several runs, the tables emptied
//      before each, median printed;
//   2. the runs of the following days: only the thresholds reached that day;
//   3. a rerun with nothing left to send (what most half-hourly runs are).
// Options: --products N (default 100000), --runs N (default 3). The outbox is written, not
// delivered (delivery is the dispatchers' work). A benchmark, not a test: numbers vary with the machine.
import os from 'node:os'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { loadConfig } from '../server/config'
import type { AppContext } from '../server/context'
import { openDatabase } from '../server/db/client'
import { migrateDatabase } from '../server/db/migrate'
import { throwawayDatabase } from '../server/db/throwaway'
import { createNotifier } from '../server/services/notifications/notifier'
import { createOutbox } from '../server/services/outbox/outbox'
import { createReminders } from '../server/services/renewal/reminders'

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
})
const PRODUCTS = Math.min(Math.max(Number(args.products) || 100_000, 1_000), 1_000_000)
const RUNS = Math.min(Math.max(Number(args.runs) || 3, 1), 10)
const PER_ACCOUNT = 100
const ACCOUNTS = Math.ceil(PRODUCTS / PER_ACCOUNT)
const DAY = 86_400_000

// A benchmark creates and drops a database of 100,000 made-up products: never beside production's.
if (process.env.NODE_ENV === 'production') {
  console.error('bench:reminders refuses NODE_ENV=production: run it against a test cluster')
  process.exit(1)
}

const serverUrl = [process.env.DATABASE_URL, process.env.TEST_DATABASE_URL].find((url) =>
  /^postgres(ql)?:\/\//i.test(url ?? ''),
)
if (!serverUrl) {
  console.error(
    'bench:reminders needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL to a postgres:// URL\n' +
      '  (export TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh))',
  )
  process.exit(1)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  const cpus = os.cpus()
  console.log(`Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}`)
  const throwaway = await throwawayDatabase(serverUrl as string, 'mc_bench_reminders')
  const handle = await openDatabase(throwaway.url)
  try {
    await migrateDatabase(handle)
    const at = new Date()
    const started = Date.now()
    await seed(handle.db, at)
    console.log(`Seeded ${PRODUCTS} products of ${ACCOUNTS} accounts in ${seconds(Date.now() - started)}`)

    let clock = at
    const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: throwaway.url })
    const ctx: AppContext = { db: handle.db, config, now: () => clock, log: Fastify({ logger: false }).log }
    const reminders = createReminders(ctx, {
      notifier: createNotifier(ctx, { outbox: createOutbox(ctx, { sms: null, mail: null }) }),
    })
    const timed = async (when: Date) => {
      clock = when
      const start = performance.now()
      const { sent } = await reminders.run(when)
      return { ms: performance.now() - start, sent }
    }

    const first: number[] = []
    let firstSent = 0
    for (let run = 0; run < RUNS; run += 1) {
      await handle.db.execute(sql`truncate reminder_sends, notices, outbox restart identity`)
      const result = await timed(at)
      first.push(result.ms)
      firstSent = result.sent
    }
    console.log(
      `1. first run (every product in the window owed a reminder): ${firstSent} sent, median ${seconds(median(first))} of ${RUNS} (${first.map(seconds).join(', ')})`,
    )

    const daily: number[] = []
    const dailySent: number[] = []
    for (let day = 1; day <= Math.max(RUNS, 3); day += 1) {
      const result = await timed(new Date(at.getTime() + day * DAY))
      daily.push(result.ms)
      dailySent.push(result.sent)
    }
    console.log(
      `2. the next days' runs: ${dailySent.join(', ')} sent, median ${seconds(median(daily))} (${daily.map(seconds).join(', ')})`,
    )

    const reruns: number[] = []
    for (let run = 0; run < RUNS; run += 1) reruns.push((await timed(clock)).ms)
    console.log(`3. a rerun with nothing left to send: median ${seconds(median(reruns))}`)
    const worst = Math.max(median(first), median(daily), median(reruns))
    console.log(`Goal: one run under 60 s over ${PRODUCTS} products: ${worst < 60_000 ? 'met' : 'NOT met'}`)
  } finally {
    await handle.close()
    await throwaway.drop()
  }
}

/**
 * Members and accounts, then products: 10 % expire within the window (from 7 days ago to 30 days
 * on), the rest outside it (expired up to a year ago, or due in 32 days to two years); a tenth of
 * the accounts mark theirs 到期不续.
 */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], at: Date) {
  const now = at.toISOString()
  await db.execute(sql`
    insert into members (phone, email, created_at)
    select (15000000000 + g)::text, 'bench' || g || '@example.cn', ${now}::timestamptz
    from generate_series(1, ${ACCOUNTS}::int) g`)
  await db.execute(sql`
    insert into accounts (owner_member_id, member_account, account_name, created_at)
    select m.id, 'bench' || m.phone, '性能测试' || m.phone, ${now}::timestamptz
    from members m where m.phone like '15%'`)
  await db.execute(sql`
    insert into businesses (account_id, order_code, sku_id, second_domain, product_name, product_version,
      product_type, status, renewal_mode, expire_time, created_at)
    select a.id, 'BENCH' || g, 'site-standard', 'bench' || g || '.example.cn', '企业官网', '标准版',
      case when g % 5 = 0 then 3 else 1 end,
      case when g % 10 = 0 and g % 7 = 0 then 4 else 1 end,
      case when a.id % 10 = 0 then 1 else 0 end,
      case when g % 10 = 0
        then ${now}::timestamptz + ((g / 10) % 38 - 7) * interval '1 day' + (g % 24) * interval '1 hour'
        when g % 3 = 0 then ${now}::timestamptz - (10 + g % 355) * interval '1 day'
        else ${now}::timestamptz + (32 + g % 700) * interval '1 day'
      end,
      ${now}::timestamptz
    from generate_series(1, ${PRODUCTS}::int) g
    join accounts a on a.member_account = 'bench' || (15000000000 + 1 + (g - 1) / ${PER_ACCOUNT})::text`)
  await db.execute(sql`analyze`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
