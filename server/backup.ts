// `npm run db:backup [-- <folder>]` and `npm run db:restore -- <folder> [--force]`: copy the embedded
// database's data folder (server/db/backup.ts) with the server stopped. Default backup folder:
// backups/<time>. PostgreSQL: pg_dump / pg_restore instead (docs/operations.md "Backups").
import path from 'node:path'
import { DEFAULT_DATABASE_URL } from './config'
import { backupDataDir, pgliteFolderOf, restoreDataDir } from './db/backup'

function main(argv: string[]) {
  const [command, ...rest] = argv
  const force = rest.includes('--force')
  const folder = rest.find((arg) => !arg.startsWith('--'))
  const pgliteFolder = pgliteFolderOf(process.env.DATABASE_URL || DEFAULT_DATABASE_URL)
  if (command === 'backup') {
    const target = folder ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-'))
    const done = backupDataDir(pgliteFolder, target)
    console.log(`Backed up ${done.dataDir} to ${done.target}`)
  } else if (command === 'restore') {
    if (!folder) throw new Error('Usage: npm run db:restore -- <backup folder> [--force]')
    const done = restoreDataDir(folder, pgliteFolder, { force })
    console.log(`Restored ${path.resolve(folder)} into ${done.dataDir}`)
    if (done.keptAt) console.log(`The data folder it replaced is kept in ${done.keptAt}`)
  } else {
    throw new Error('Usage: tsx server/backup.ts backup [<folder>] | restore <folder> [--force]')
  }
}

try {
  main(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
