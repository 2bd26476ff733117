// `npm run db:reset` (server/reset.ts): drop this application's tables, migrate again, and seed by
// the start-up rule (demo data only where SEED_DEMO=1 or the sandbox asks for it). A production
// database is wiped only when the command says so with --yes-production.
import type { ServerConfig } from '../config'
import type { DatabaseHandle } from '../db/client'
import { seedDatabase, seedOptions } from '.'
import { dropApplicationTables, migrateDatabase, withSetupLock } from '../db/migrate'

export const CONFIRM_PRODUCTION_RESET = '--yes-production'

export const PRODUCTION_RESET_REFUSED =
  `Refusing to reset a production database (NODE_ENV is not development or test): this drops every table of the ` +
  `application. Run \`NODE_ENV=development npm run db:reset\` for the sandbox's database, or ` +
  `\`npm run db:reset -- ${CONFIRM_PRODUCTION_RESET}\` to wipe the production one (no demo data is written unless SEED_DEMO=1)`

/** Refused in production without the flag (before anything is opened). */
export function assertResetAllowed(production: boolean, args: readonly string[]): void {
  if (production && !args.includes(CONFIRM_PRODUCTION_RESET)) throw new Error(PRODUCTION_RESET_REFUSED)
}

/** Drops, migrates and seeds as the configuration says. Returns whether the demo data was written. */
export async function resetDatabase(
  handle: DatabaseHandle,
  config: Pick<ServerConfig, 'production' | 'seedDemo'>,
  args: readonly string[],
): Promise<boolean> {
  assertResetAllowed(config.production, args)
  await withSetupLock(handle, () => dropApplicationTables(handle))
  await migrateDatabase(handle)
  return seedDatabase(handle, seedOptions(config))
}
