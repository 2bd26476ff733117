// Runs the drizzle-kit migrations in ./drizzle (the same files on PGlite and PostgreSQL), and nothing
// else: the demo data is server/seed's, which the start-up and `npm run db:reset` call next. On
// PostgreSQL an advisory lock serialises instances starting together.
import path from 'node:path'
import { getTableName, isTable, sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { DatabaseHandle } from './client'
import * as schema from './schema'

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle')
/** Arbitrary constant naming this application's setup lock. */
const SETUP_LOCK_KEY = 2026_0520

/** Applies the migrations not yet applied (under the setup lock). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER }
  await withSetupLock(handle, async () => {
    if (handle.driver.kind === 'pglite') await migratePglite(handle.driver.db, config)
    else await migratePg(handle.driver.db, config)
  })
}

export async function withSetupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.driver.kind !== 'postgres') return work()
  const connection = await handle.driver.pool.connect()
  try {
    await connection.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY])
    try {
      return await work()
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY])
    }
  } finally {
    connection.release()
  }
}

/** Drops only this application's tables (the database may be shared) and drizzle's journal. */
export async function dropApplicationTables(handle: DatabaseHandle): Promise<void> {
  const tables = Object.values(schema).filter(isTable).map(getTableName)
  await handle.db.execute(sql.raw(`drop table if exists ${tables.map((t) => `"${t}"`).join(', ')} cascade`))
  // Without the journal the migrations would not run again.
  await handle.db.execute(sql.raw('drop schema if exists "drizzle" cascade'))
}
