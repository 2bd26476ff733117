import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { DataDirLockedError } from '../../server/db/lock'
import { dropApplicationTables, migrateDatabase } from '../../server/db/migrate'
import { seedDatabase } from '../../server/seed'
import { accounts, members } from '../../server/db/schema'
import { hostPGlite, openTestDatabase } from './support/harness'

type Handle = Awaited<ReturnType<typeof openDatabase>>
const accountCount = async (handle: Handle) =>
  (await handle.db.select({ total: count() }).from(accounts))[0].total
const memberCount = async (handle: Handle) =>
  (await handle.db.select({ total: count() }).from(members))[0].total

describe('a PGlite data folder is used by one process at a time', () => {
  let parent: string
  let dataDir: string

  beforeAll(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-pglite-'))
    dataDir = path.join(parent, 'pglite')
  })

  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }))

  it('refuses a second open while the folder is locked, and reopens after close', async () => {
    const first = await openDatabase(dataDir, { PGlite: hostPGlite() })
    let seeded = 0
    try {
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid))
      await expect(openDatabase(dataDir, { PGlite: hostPGlite() })).rejects.toThrow(DataDirLockedError)
      await expect(openDatabase(dataDir, { PGlite: hostPGlite() })).rejects.toThrow(/in use by process/)
      await migrateDatabase(first)
      await seedDatabase(first, { seed: true })
      seeded = await accountCount(first)
    } finally {
      await first.close()
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false)

    const again = await openDatabase(dataDir, { PGlite: hostPGlite() })
    try {
      // The data survived: the second start does not seed again.
      await migrateDatabase(again)
      expect(await seedDatabase(again, { seed: true })).toBe(false)
      expect(seeded).toBeGreaterThan(0)
      expect(await accountCount(again)).toBe(seeded)
    } finally {
      await again.close()
    }
  }, 60_000)

  it('refuses a folder locked by another live process', async () => {
    fs.writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`)
    try {
      await expect(openDatabase(dataDir, { PGlite: hostPGlite() })).rejects.toThrow(DataDirLockedError)
    } finally {
      fs.rmSync(`${dataDir}.lock`, { force: true })
    }
  })

  it('takes over a stale lock left by a dead process', async () => {
    // Far above any pid the kernel hands out (pid_max is at most 2^22).
    fs.writeFileSync(`${dataDir}.lock`, '99999999\n')
    const handle = await openDatabase(dataDir, { PGlite: hostPGlite() })
    try {
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid))
    } finally {
      await handle.close()
    }
  }, 60_000)
})

describe('migrations and seed (the same on PGlite and PostgreSQL)', () => {
  it('migrates, seeds once, and reseeds after the tables are dropped', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await migrateDatabase(handle)
      expect(await seedDatabase(handle, { seed: true })).toBe(true)
      const seeded = await memberCount(handle)
      expect(seeded).toBeGreaterThanOrEqual(4)
      await migrateDatabase(handle)
      expect(await seedDatabase(handle, { seed: true })).toBe(false)
      expect(await memberCount(handle)).toBe(seeded)

      await dropApplicationTables(handle)
      await migrateDatabase(handle)
      expect(await seedDatabase(handle, { seed: true })).toBe(true)
      expect(await memberCount(handle)).toBe(seeded)
    } finally {
      await dispose()
    }
  }, 60_000)
})
