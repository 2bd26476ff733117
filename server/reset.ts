// `npm run db:reset`: drop this application's tables in the configured database, migrate again and
// seed as the server's start would (server/seed/reset-database.ts). Refuses in production without
// --yes-production, and (like the server) while a server holds the PGlite data folder.
import { isProductionEnvironment, loadConfig } from './config'
import { openDatabase } from './db/client'
import { assertResetAllowed, resetDatabase } from './seed/reset-database'

async function reset() {
  const args = process.argv.slice(2)
  // Before the configuration is read: the refusal names the flag, not the production secrets.
  assertResetAllowed(isProductionEnvironment(process.env), args)
  const config = loadConfig()
  const database = await openDatabase(config.databaseUrl)
  try {
    const seeded = await resetDatabase(database, config, args)
    console.log(
      `Database reset${seeded ? ' and seeded with the demo data' : ' (no demo data)'}: ${database.description}`,
    )
  } finally {
    await database.close()
  }
}

reset().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
