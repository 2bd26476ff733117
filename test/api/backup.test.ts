// Backup and restore: the data folder (the PGlite folder and the stored files beside it)
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

/** Every mode under `folder` that others could use (group or world bits), as path → octal mode. */
function openModes(folder: string): Record<string, string> {
  const open: Record<string, string> = {}
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry)
    if (stat.isSymbolicLink()) return
    if (stat.mode & 0o077) open[path.relative(folder, entry) || '.'] = (stat.mode & 0o777).toString(8)
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name))
  }
  visit(folder)
  return open
}

describe('private data folders', () => {
  it('creates the data folder 0700 with files 0600, whatever the umask', async () => {
    const previous = process.umask(0)
    const folder = path.join(root, 'fresh', 'pglite')
    try {
      const handle = await open(folder)
      try {
        expect(handle.tightened).toEqual([])
        expect(openModes(path.join(root, 'fresh'))).toEqual({})
        expect(fs.statSync(handle.filesDir as string).mode & 0o777).toBe(0o700)
      } finally {
        await handle.close()
      }
    } finally {
      process.umask(previous)
    }
  })

  it('tightens a data folder others can read at open, and says which', async () => {
    const dataDir = path.dirname(pgliteFolder)
    fs.chmodSync(dataDir, 0o755)
    fs.chmodSync(path.join(dataDir, ...FILE), 0o644)
    const handle = await open(pgliteFolder)
    try {
      expect(handle.tightened).toEqual([dataDir])
      expect(openModes(dataDir)).toEqual({})
    } finally {
      await handle.close()
    }
  })

  it('refuses to open a folder whose modes cannot be changed, naming the command that fixes it', async () => {
    const dataDir = path.dirname(pgliteFolder)
    fs.chmodSync(dataDir, 0o755)
    const chmod = jest.spyOn(fs, 'chmodSync').mockImplementation(() => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' })
    })
    try {
      await expect(open(pgliteFolder)).rejects.toThrow(`chmod -R go-rwx ${dataDir}`)
    } finally {
      chmod.mockRestore()
      fs.chmodSync(dataDir, 0o700)
    }
    // The refusal released the folder's lock: it opens once its modes are right.
    const handle = await open(pgliteFolder)
    await handle.close()
  })

  it('writes backups and restores private, whatever the source modes were', () => {
    fs.chmodSync(path.join(path.dirname(pgliteFolder), ...FILE), 0o666)
    const backup = path.join(root, 'backups-private', 'one')
    backupDataDir(pgliteFolder, backup)
    expect(openModes(backup)).toEqual({})
    expect(fs.statSync(path.join(root, 'backups-private')).mode & 0o777).toBe(0o700)
    const restored = path.join(root, 'restored-private', 'pglite')
    restoreDataDir(backup, restored)
    expect(openModes(path.join(root, 'restored-private'))).toEqual({})
  })
})
