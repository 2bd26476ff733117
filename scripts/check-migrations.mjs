// The Drizzle schema and the committed migrations agree: drizzle-kit, run on a copy of ./drizzle,
// must find nothing to generate. A schema change without `npm run db:generate` fails here.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const copy = path.join(mkdtempSync(path.join(tmpdir(), 'mc-migrations-')), 'drizzle')
cpSync(path.join(root, 'drizzle'), copy, { recursive: true })
const sqlFiles = () => readdirSync(copy).filter((name) => name.endsWith('.sql'))
const before = sqlFiles()

const result = spawnSync(
  'npx',
  // drizzle-kit prefixes `./` to --out, so it must be relative.
  [
    'drizzle-kit',
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './server/db/schema.ts',
    '--out',
    path.relative(root, copy),
  ],
  { cwd: root, encoding: 'utf8' },
)
const added = sqlFiles().filter((name) => !before.includes(name))
rmSync(path.dirname(copy), { recursive: true, force: true })

// It can print an error and still exit 0: only its own "nothing to migrate" or a new file count.
if (result.status !== 0 || (!added.length && !/No schema changes/.test(result.stdout))) {
  console.error(result.stdout, result.stderr)
  console.error('drizzle-kit generate failed')
  process.exit(1)
}
if (added.length) {
  console.error(
    `The schema differs from the committed migrations (drizzle-kit would write ${added.join(', ')}):`,
  )
  console.error('run `npm run db:generate` and commit the new migration.')
  process.exit(1)
}
console.log('schema and migrations agree')
