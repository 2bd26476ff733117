/** @jest-environment ./test/api/support/pglite-environment.ts */
// Issue 23 "Backup and restore": the data folder (the PGlite folder and the stored files beside it)
// is copied with the server stopped, refused while a server holds it, and a backup restored into an
// empty folder holds the same rows and files.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { backupDataDir, BackupRefusedError, pgliteFolderOf, restoreDataDir } from '../../server/db/backup'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { DataDirLockedError } from '../../server/db/lock'
import { migrateDatabase } from '../../server/db/migrate'
import { seedDatabase } from '../../server/seed'
import { accounts, notices, orders } from '../../server/db/schema'
import { hostPGlite } from './support/harness'

// Creating, migrating and seeding a PGlite folder takes seconds, far more on a busy machine.
jest.setTimeout(300_000)

let root: string
let pgliteFolder: string
const FILE = ['files', 'ab', 'upload.bin']

const open = (folder: string) => openDatabase(folder, { PGlite: hostPGlite() })

async function rowCounts(handle: DatabaseHandle) {
  const countOf = async (table: typeof accounts | typeof notices | typeof orders) =>
    (await handle.db.select({ n: count() }).from(table))[0].n
  return { accounts: await countOf(accounts), notices: await countOf(notices), orders: await countOf(orders) }
}

let original: Awaited<ReturnType<typeof rowCounts>>

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-backup-'))
  pgliteFolder = path.join(root, 'data', 'pglite')
  const handle = await open(pgliteFolder)
  await migrateDatabase(handle)
  await seedDatabase(handle, { seed: true })
  original = await rowCounts(handle)
  await handle.close()
  // A stored file beside the database (the file store lives in the data folder).
  fs.mkdirSync(path.join(root, 'data', ...FILE.slice(0, -1)), { recursive: true })
  fs.writeFileSync(path.join(root, 'data', ...FILE), Buffer.from([0, 1, 2, 250]))
})

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true })
})

it('restores a backup into an empty folder with the same rows and files', async () => {
  expect(original.accounts).toBeGreaterThan(0)
  const backup = path.join(root, 'backups', 'first')
  backupDataDir(pgliteFolder, backup)
  const restoredFolder = path.join(root, 'elsewhere', 'pglite')
  restoreDataDir(backup, restoredFolder)
  expect(fs.readFileSync(path.join(root, 'elsewhere', ...FILE))).toEqual(Buffer.from([0, 1, 2, 250]))
  const restored = await open(restoredFolder)
  try {
    expect(await rowCounts(restored)).toEqual(original)
  } finally {
    await restored.close()
  }
})

it('refuses while a server holds the folder, saying so', async () => {
  const running = await open(pgliteFolder)
  try {
    expect(() => backupDataDir(pgliteFolder, path.join(root, 'backups', 'while-running'))).toThrow(
      DataDirLockedError,
    )
    expect(() => backupDataDir(pgliteFolder, path.join(root, 'backups', 'while-running'))).toThrow(
      /in use by process \d+.*Stop that server first/,
    )
    expect(() => restoreDataDir(path.join(root, 'backups', 'first'), pgliteFolder, { force: true })).toThrow(
      DataDirLockedError,
    )
  } finally {
    await running.close()
  }
  expect(fs.existsSync(path.join(root, 'backups', 'while-running'))).toBe(false)
})

it('replaces a data folder that holds anything only with force, and keeps the old one', () => {
  const backup = path.join(root, 'backups', 'first')
  expect(() => restoreDataDir(backup, pgliteFolder)).toThrow(/not empty: add --force/)
  const { keptAt } = restoreDataDir(backup, pgliteFolder, {
    force: true,
    now: new Date('2026-11-27T10:00:00Z'),
  })
  expect(keptAt).toBe(`${path.join(root, 'data')}.before-restore-2026-11-27T10-00-00-000Z`)
  expect(fs.existsSync(path.join(keptAt as string, 'pglite', 'PG_VERSION'))).toBe(true)
  expect(fs.existsSync(path.join(pgliteFolder, 'PG_VERSION'))).toBe(true)
})

it('refuses PostgreSQL and in-memory databases, and a backup folder inside the data folder', () => {
  expect(() => pgliteFolderOf('postgres://mc@db/mc')).toThrow(/pg_dump/)
  expect(() => pgliteFolderOf('memory://')).toThrow(BackupRefusedError)
  expect(() => backupDataDir(pgliteFolder, path.join(root, 'data', 'backup'))).toThrow(
    /inside the data folder/,
  )
  expect(() => restoreDataDir(path.join(root, 'nothing'), pgliteFolder)).toThrow(/not a backup/)
})
