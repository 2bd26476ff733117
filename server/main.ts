// `npm run serve`: open the database, migrate, seed an empty one, serve the API and the built H5
// console on one port; close cleanly on SIGINT/SIGTERM (an unclosed PGlite folder keeps its lock).
import { buildApp } from './app'
import { describeTrustProxy, disabledServices, loadConfig } from './config'
import { hours, minutes } from './context'
import { openDatabase } from './db/client'
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/demo'
import { migrateDatabase } from './db/migrate'
import { gracefulStop } from './lifecycle'
import { fileStorageFor } from './services/work-orders/file-storage'
import { assertSealedDataReadable } from './services/sealed-data'
import { describeProviders } from './providers/index'
import { seedDatabase, seedOptions } from './seed'

async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.databaseUrl)
  const app = buildApp({
    db: database.db,
    config,
    housekeepingEveryMs: hours(1),
    paymentJobsEveryMs: minutes(1),
    // Reminders are per Beijing day: every 30 minutes reaches a new day's soon after midnight.
    reminderJobEveryMs: minutes(30),
    listen: database.listen,
    fileStorage: fileStorageFor(database),
    // The API document's viewer at /docs, in development only (production never serves it).
    docsViewer: true,
  })
  const stop = gracefulStop(app, database, { timeoutMs: config.stopTimeoutMs })

  try {
    await migrateDatabase(database)
    await assertSealedDataReadable(config, database.db)
    const seeded = await seedDatabase(database, seedOptions(config))
    app.log.info(`database: ${database.description}${seeded ? ' (seeded with demo data)' : ''}`)
    for (const folder of database.tightened)
      app.log.warn({ folder }, 'data folder was readable by other users: made private (0700, files 0600)')
    app.log.info(`mode: ${config.production ? 'production' : `sandbox (NODE_ENV=${process.env.NODE_ENV})`}`)
    app.log.info(`trusted proxies: ${describeTrustProxy(config.trustProxy)}`)
    for (const line of describeProviders(config)) app.log.info(`provider ${line}`)
    for (const service of disabledServices(config)) app.log.warn(`disabled, not configured: ${service}`)
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close().catch(() => undefined)
    await database.close()
    throw error
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal))
  // Node would exit 1 with a bare stack on stderr; logged as JSON, the operator's tools see it.
  process.on('unhandledRejection', (error) => {
    app.log.fatal({ err: error }, 'unhandled rejection')
    process.exit(1)
  })

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(
    `会员中心 API listening on http://${shownHost}:${config.port}${config.production ? '' : ' (development sandbox: not for production)'}`,
  )
  if (config.staticDir) console.log(`Serving the H5 console from ${config.staticDir}`)
  if (config.seedDemo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`)
    for (const [login, what] of DEMO_LOGINS) console.log(`  ${login.padEnd(13)}${what}`)
  }
  if (!config.production)
    console.log(
      'Dev sandbox: /__dev/captcha?id=, /__dev/sms?phone=, /__dev/mail?to=, /__dev/pay, POST /__dev/entryToken, POST /__dev/forgetAddresses, /__dev/wechat/*',
    )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
