// scripts/check-names.mjs (a step of `npm test`): folder and file names spell each domain as the
// glossary does. Each case breaks a copy of the checked folders, never the repository itself.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../../..')
const SCRIPT = path.join(ROOT, 'scripts/check-names.mjs')
const CHECKED = [
  'src/features',
  'src/core/contract',
  'src/core/validation',
  'server',
  'test',
  'docs/architecture.md',
]

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'check-names-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

let copies = 0
/** A copy of what the check reads, changed by `change`. */
function copy(change: (dir: string) => void) {
  const dir = path.join(work, String(copies++))
  for (const part of CHECKED)
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), {
      recursive: true,
      filter: (file) => !file.includes(`${path.sep}test-results`),
    })
  change(dir)
  return dir
}
const touch = (dir: string, file: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), '')
}
const checkNames = (root?: string) => {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [SCRIPT, ...(root ? ['--root', root] : [])],
    {
      encoding: 'utf8',
    },
  )
  return { status, output: stdout + stderr }
}

describe('check-names', () => {
  it('passes on the repository as it is', () => {
    const { status, output } = checkNames()
    expect(output).toContain('names agree with the glossary')
    expect(status).toBe(0)
  })

  it('names a file that spells a domain another way', () => {
    const { status, output } = checkNames(
      copy((dir) => touch(dir, 'src/features/work-orders/components/WorkorderBadge.tsx')),
    )
    expect(output).toContain(
      'src/features/work-orders/components/WorkorderBadge.tsx spells work-orders as "workorder"',
    )
    expect(status).toBe(1)
  })

  it('names a file called by part of a domain, and a domain folder the glossary lacks', () => {
    const { status, output } = checkNames(
      copy((dir) => {
        touch(dir, 'server/routes/transfer.ts')
        touch(dir, 'server/services/tickets/tickets.ts')
      }),
    )
    expect(output).toContain('server/routes/transfer.ts is named "transfer", not product-transfer')
    expect(output).toContain('server/services/tickets is neither a glossary domain nor infrastructure')
    expect(status).toBe(1)
  })

  it('lets a stylesheet carry its singular BEM block name', () => {
    const { status } = checkNames(copy((dir) => touch(dir, 'src/features/orders/components/order.scss')))
    expect(status).toBe(0)
  })

  it('fails when the glossary stops naming a domain', () => {
    const { status, output } = checkNames(
      copy((dir) => {
        const doc = path.join(dir, 'docs/architecture.md')
        fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replaceAll('`esign`', 'e-sign'))
      }),
    )
    expect(output).toContain('esign is a domain the glossary (docs/architecture.md) does not name')
    expect(status).toBe(1)
  })

  it('asks to remove an exception once the file is renamed', () => {
    const { status, output } = checkNames(
      copy((dir) =>
        fs.renameSync(
          path.join(dir, 'src/core/validation/recipient.ts'),
          path.join(dir, 'src/core/validation/recipients.ts'),
        ),
      ),
    )
    expect(output).toContain(
      'src/core/validation/recipient.ts is an exception nothing needs any more: remove it',
    )
    expect(status).toBe(1)
  })
})
