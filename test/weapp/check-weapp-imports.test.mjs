// scripts/check-weapp-imports.mjs must fail when an H5-only module reaches the weapp build's import
// graph. Breaks temp copies of src/, never src/ itself. Run: node --test test/weapp/
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'

const root = path.resolve(import.meta.dirname, '..', '..')
const script = path.join(root, 'scripts', 'check-weapp-imports.mjs')
const work = mkdtempSync(path.join(tmpdir(), 'weapp-imports-test-'))
after(() => rmSync(work, { recursive: true, force: true }))

function copy(name, mutate) {
  const dir = path.join(work, name)
  cpSync(path.join(root, 'src'), dir, { recursive: true })
  mutate?.(dir)
  return dir
}

function check(dir) {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, '--src', dir], { cwd: root }, (error, stdout) =>
      resolve({ code: error?.code ?? 0, stdout }),
    )
  })
}

describe('check-weapp-imports', { concurrency: true }, () => {
  test('passes on src/ as it is', async () => {
    const result = await check(copy('clean'))
    assert.equal(result.code, 0, result.stdout)
    assert.match(result.stdout, /^2 passed, 0 failed$/m)
  })

  test('an explicit import of an H5 adapter fails, naming the importing chain', async () => {
    const dir = copy('explicit', (d) =>
      appendFileSync(
        path.join(d, 'core/routing/navigate.ts'),
        "\nexport { currentOrigin } from '../platform/env.h5'\n",
      ),
    )
    const result = await check(dir)
    assert.equal(result.code, 1, result.stdout)
    assert.match(
      result.stdout,
      /^FAIL weapp: H5-only module on the weapp path: .*navigate\.ts -> .*env\.h5\.ts$/m,
    )
  })

  test('a lazy import() of an H5-only module fails too', async () => {
    const dir = copy('lazy', (d) =>
      appendFileSync(
        path.join(d, 'pages/log/index.tsx'),
        "\nexport const chart = () => import('../../core/ui/chart/WebLineChart.h5')\n",
      ),
    )
    const result = await check(dir)
    assert.equal(result.code, 1, result.stdout)
    assert.match(result.stdout, /WebLineChart\.h5\.tsx$/m)
  })

  test('an adapter with no weapp implementation fails', async () => {
    const dir = copy('missing', (d) => rmSync(path.join(d, 'core/platform/visibility.weapp.ts')))
    const result = await check(dir)
    assert.equal(result.code, 1, result.stdout)
    assert.match(result.stdout, /no weapp implementation beside .*visibility\.d\.ts$/m)
  })
})
