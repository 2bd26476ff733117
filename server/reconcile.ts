// `npm run payments:reconcile -- --date YYYY-MM-DD`: compares each configured provider's bill of that
// day (Beijing time) with the payments table, as the daily run at 10:30 does, and lists every
// difference. Exit status 1 when there is any. Reads the same configuration as the server; sends
// nothing but the bill requests. In development the sandbox has no bills: nothing to compare.
import pino from 'pino'
import { loadConfig } from './config'
import { systemClock } from './context'
import { openDatabase } from './db/client'
import { createServices } from './services'
import { previousChinaDate } from './services/payments/reconcile'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function dateArgument(args: string[]): string {
  const index = args.indexOf('--date')
  if (index === -1) return previousChinaDate(new Date())
  const date = args[index + 1] ?? ''
  if (!DATE.test(date) || Number.isNaN(Date.parse(date)))
    throw new Error(`--date wants a day as YYYY-MM-DD, not "${date}"`)
  return date
}

async function reconcile() {
  const date = dateArgument(process.argv.slice(2))
  const config = loadConfig()
  const database = await openDatabase(config.databaseUrl)
  try {
    const log = pino({ level: 'warn' })
    const { payments } = createServices({ db: database.db, config, now: systemClock, log })
    const differences = await payments.reconciliation.reconcile(date)
    console.log(`Reconciliation of ${date}: ${differences.length} difference(s)`)
    for (const { provider, kind, tradeNo, transactionId, refundNo, theirFen, ourFen } of differences)
      console.log(
        `  ${provider} ${kind} out_trade_no=${tradeNo} transaction=${transactionId}` +
          `${refundNo ? ` refund=${refundNo}` : ''} theirs=${theirFen} fen ours=${ourFen ?? '-'} fen`,
      )
    return differences.length
  } finally {
    await database.close()
  }
}

reconcile()
  .then((count) => process.exit(count ? 1 : 0))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  })
