// The ESLint block at the end of eslint.config.mjs keeps browser globals out of code the mini-program
// runs: they are errors in src/ except in .h5 files. Lints snippets under made-up src/ paths.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { ESLint } from 'eslint'

const root = path.resolve(import.meta.dirname, '..', '..')
// import/no-cycle reads the linted file from disk, and these made-up paths do not exist: only the
// globals rule is under test here.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })

async function restrictedGlobals(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-globals').map((m) => m.message)
}

describe('browser globals in src/', () => {
  const code = [
    'export const a = window.innerWidth',
    'export const b = document.title',
    "export const c = localStorage.getItem('k')",
    "export const d = sessionStorage.getItem('k')",
    'export const e = location.href',
    '',
  ].join('\n')

  test('are errors in shared code', async () => {
    const messages = await restrictedGlobals('src/core/routing/probe.ts', code)
    assert.equal(messages.length, 5, messages.join('\n'))
    assert.match(messages[0], /window is H5-only/)
  })

  test('are errors in a weapp adapter', async () => {
    const messages = await restrictedGlobals('src/core/platform/probe.weapp.tsx', code)
    assert.equal(messages.length, 5, messages.join('\n'))
  })

  test('are allowed in an .h5 adapter', async () => {
    assert.deepEqual(await restrictedGlobals('src/core/platform/probe.h5.ts', code), [])
  })

  test('a local binding of the same name is not a global', async () => {
    const local =
      "import { sessionStorage } from '../platform/session-storage'\nexport const s = sessionStorage\n"
    assert.deepEqual(await restrictedGlobals('src/core/session/probe.ts', local), [])
  })
})
