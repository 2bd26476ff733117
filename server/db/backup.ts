// Offline backup and restore of the embedded database's data folder (docs/operations.md "Backups"):
// the folder that holds the PGlite folder (default ./data, with ./data/pglite) and whatever else the
// server keeps beside it (stored files), copied whole. Only with the server stopped: both take the
// PGlite folder's lock, so they refuse while a server holds it and no server starts half-way.
// PostgreSQL is backed up online with its own tools (pg_dump / pg_restore).
import fs from 'node:fs'
import path from 'node:path'
import { isPostgresUrl, MEMORY_URL } from './client'
import { acquireDataDirLock, releaseDataDirLock } from './lock'
import { PRIVATE_FOLDER_MODE, tightenFolder } from './private-folder'

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupRefusedError'
  }
}

/** The PGlite folder named by DATABASE_URL, or a refusal saying what to do instead. */
export function pgliteFolderOf(databaseUrl: string): string {
  if (isPostgresUrl(databaseUrl))
    throw new BackupRefusedError(
      'DATABASE_URL is PostgreSQL: back it up online with pg_dump -Fc and restore with pg_restore (docs/operations.md "Backups")',
    )
  if (databaseUrl === MEMORY_URL) throw new BackupRefusedError('An in-memory database has nothing to back up')
  return path.resolve(databaseUrl.replace(/^file:\/\//, ''))
}

const isLockFile = (name: string) => name.endsWith('.lock')

function withLock<T>(pgliteFolder: string, work: () => T): T {
  const lockPath = `${pgliteFolder}.lock`
  fs.mkdirSync(path.dirname(pgliteFolder), { recursive: true, mode: PRIVATE_FOLDER_MODE })
  acquireDataDirLock(lockPath) // throws DataDirLockedError, naming the server's pid, while one runs
  try {
    return work()
  } finally {
    releaseDataDirLock(lockPath)
  }
}

/** A copy keeps the source's modes; the copy is made private whatever they were (0700 / 0600). */
function copyFolder(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true, mode: PRIVATE_FOLDER_MODE })
  fs.cpSync(from, to, { recursive: true, filter: (source) => !isLockFile(path.basename(source)) })
  tightenFolder(to)
}

/** Copies the data folder (the PGlite folder's parent) to `target`, which must not exist yet. */
export function backupDataDir(pgliteFolder: string, target: string): { dataDir: string; target: string } {
  const dataDir = path.dirname(pgliteFolder)
  const destination = path.resolve(target)
  if (!fs.existsSync(path.join(pgliteFolder, 'PG_VERSION')))
    throw new BackupRefusedError(`No database in ${pgliteFolder}: nothing to back up`)
  if (fs.existsSync(destination))
    throw new BackupRefusedError(`${destination} already exists: name a new folder`)
  if (destination.startsWith(dataDir + path.sep))
    throw new BackupRefusedError(
      `${destination} is inside the data folder ${dataDir}: choose a folder outside it`,
    )
  withLock(pgliteFolder, () => copyFolder(dataDir, destination))
  return { dataDir, target: destination }
}

/**
 * Puts a backup back as the data folder. An empty or missing data folder is simply filled; one that
 * holds anything is replaced only with `force`, and then kept beside it (`<data>.before-restore-<time>`),
 * never deleted.
 */
export function restoreDataDir(
  source: string,
  pgliteFolder: string,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): { dataDir: string; keptAt: string | null } {
  const from = path.resolve(source)
  const dataDir = path.dirname(pgliteFolder)
  const inBackup = path.join(from, path.basename(pgliteFolder), 'PG_VERSION')
  if (!fs.existsSync(inBackup))
    throw new BackupRefusedError(`${from} is not a backup of this database (no ${inBackup})`)
  return withLock(pgliteFolder, () => {
    const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => !isLockFile(name)) : []
    let keptAt: string | null = null
    if (present.length) {
      if (!force)
        throw new BackupRefusedError(
          `${dataDir} is not empty: add --force to replace it (it is kept beside it, not deleted)`,
        )
      keptAt = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`
      fs.mkdirSync(keptAt, { mode: PRIVATE_FOLDER_MODE })
      for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(keptAt, name))
    }
    copyFolder(from, dataDir)
    return { dataDir, keptAt }
  })
}
