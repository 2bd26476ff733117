// `npm run db:reset`: drop this application's tables in the configured database, migrate again and
// reseed the demo data. Refuses (like the server) while a server holds the PGlite data folder.
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { dropApplicationTables, prepareDatabase, withSetupLock } from './db/migrate'

async function reset() {
  const config = loadConfig()
  const database = await openDatabase(config.databaseUrl)
  try {
    await withSetupLock(database, () => dropApplicationTables(database))
    await prepareDatabase(database)
    console.log(`Database reset and seeded: ${database.description}`)
  } finally {
    await database.close()
  }
}

reset().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
