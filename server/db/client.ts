// Opens the database named by DATABASE_URL (design "Reference server"):
//   postgres://… or postgresql://…  a real PostgreSQL through pg (several server instances may share it)
//   memory://                        an in-memory PGlite (tests, throwaway runs)
//   anything else                    a PGlite data folder (default ./data/pglite), one process at a time
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import os from 'node:os'
import { acquireDataDirLock, releaseDataDirLock } from './lock'
import { postgresListener, type Listen } from './notifications'
import { makePrivateFolder, tightenFolder } from './private-folder'
import * as schema from './schema'

export type Schema = typeof schema
/** What services use: the query builder common to both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** What `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export type Driver =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: Pool }

export interface DatabaseHandle {
  db: Database
  driver: Driver
  /** For logs: "PostgreSQL", "in-memory PGlite" or the data folder. */
  description: string
  /** LISTEN on a channel (server/db/notifications.ts): how instances hear of each other's changes. */
  listen: Listen
  /**
   * Where uploads' bytes go (services/work-orders/file-storage.ts `fileStorageFor`): null on PostgreSQL, which
   * keeps them (every instance reads them); PGlite's folder beside its data folder (a temporary
   * one for memory://, removed on close), so they stay off its event loop.
   */
  filesDir: string | null
  /** Folders that others could read and were made private at open (the server logs them). */
  tightened: string[]
  close(): Promise<void>
}

export interface OpenOptions {
  /**
   * The PGlite class to instantiate. Jest runs test modules in a VM context where PGlite's dynamic
   * imports fail, so the API tests load PGlite in the host context and pass it here.
   */
  PGlite?: typeof PGlite
  /** memory:// only: start from this dump (PGlite's dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob
}

export const MEMORY_URL = 'memory://'
/** The extensions the migrations create (PostgreSQL has them as contrib modules). */
const PGLITE_EXTENSIONS = { pg_trgm }

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (isPostgresUrl(url)) return openPostgres(url)
  const PGliteClass = options.PGlite ?? PGlite
  if (url === MEMORY_URL) {
    const client = new PGliteClass({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.loadDataDir })
    await client.waitReady
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-centre-files-'))
    return pgliteHandle(client, 'in-memory PGlite', filesDir, [], async () => {
      try {
        await client.close()
      } finally {
        await fs.promises.rm(filesDir, { recursive: true, force: true })
      }
    })
  }
  return openDataFolder(path.resolve(url.replace(/^file:\/\//, '')), PGliteClass)
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new Pool({ connectionString: url, max: 10 })
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query('select 1')
  const db = drizzlePg({ client: pool, schema })
  return {
    db: db as Database,
    driver: { kind: 'postgres', db, pool },
    description: 'PostgreSQL',
    listen: postgresListener(url),
    filesDir: null,
    tightened: [],
    close: () => pool.end(),
  }
}

async function openDataFolder(dataDir: string, PGliteClass: typeof PGlite): Promise<DatabaseHandle> {
  const parent = path.dirname(dataDir)
  makePrivateFolder(parent)
  const lockPath = `${dataDir}.lock`
  acquireDataDirLock(lockPath)
  try {
    const wasOpen = tightenFolder(parent)
    const client = new PGliteClass(dataDir, { extensions: PGLITE_EXTENSIONS })
    await client.waitReady
    // What PGlite just created is 0666: the folder's own 0700 already hides it; the files follow.
    tightenFolder(parent)
    const filesDir = `${dataDir}-files`
    makePrivateFolder(filesDir)
    const tightened = wasOpen ? [parent] : []
    return pgliteHandle(client, dataDir, filesDir, tightened, async () => {
      try {
        await client.close()
      } finally {
        releaseDataDirLock(lockPath)
      }
    })
  } catch (error) {
    releaseDataDirLock(lockPath)
    throw error
  }
}

function pgliteHandle(
  client: PGlite,
  description: string,
  filesDir: string,
  tightened: string[],
  close: () => Promise<void>,
): DatabaseHandle {
  const db = drizzlePglite({ client, schema })
  let closing: Promise<void> | null = null
  return {
    db: db as unknown as Database,
    filesDir,
    tightened,
    driver: { kind: 'pglite', db, client },
    description,
    // PGlite delivers a NOTIFY to its own listeners before the notifying statement resolves.
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    // Closing twice (a signal during shutdown) must not close the WASM instance twice.
    close: () => (closing ??= close()),
  }
}
