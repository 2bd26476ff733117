// Mutation test for scripts/verify-weapp.mjs: each check must fail on the breakage it exists for.
// Corrupts temp copies of the built dist/weapp, never dist itself. Run: node --test test/weapp/
// (needs a weapp build; ~10 s, nearly all of it the miniprogram-ci case).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'

const root = path.resolve(import.meta.dirname, '..', '..')
const dist = path.join(root, 'dist', 'weapp')
const script = path.join(root, 'scripts', 'verify-weapp.mjs')
const work = mkdtempSync(path.join(tmpdir(), 'verify-weapp-test-'))
after(() => rmSync(work, { recursive: true, force: true }))
// A missing build fails the run (npm test builds first); it never skips the checks.
if (!existsSync(path.join(dist, 'app.json'))) throw new Error('no dist/weapp build: run npm run build:weapp')

function copy(name, mutate) {
  const dir = path.join(work, name)
  cpSync(dist, dir, { recursive: true })
  mutate?.(dir)
  return dir
}

function verify(dir, only) {
  return new Promise((resolve) => {
    const args = [script, '--dir', dir, ...(only ? ['--only', only] : [])]
    execFile(process.execPath, args, { cwd: root }, (error, stdout) =>
      resolve({ code: error?.code ?? 0, stdout }),
    )
  })
}

function assertOnlyFailure(result, check) {
  assert.equal(result.code, 1, result.stdout)
  assert.match(result.stdout, new RegExp(`^FAIL ${check} `, 'm'))
  assert.match(result.stdout, /^0 passed, 1 failed$/m)
}

const page = 'pages/login/index'

describe('verify-weapp', { concurrency: true }, () => {
  // The clean ci pass is `npm run test:weapp` itself; here the fast checks show the copy starts clean.
  test('passes on the untouched build', async () => {
    const result = await verify(copy('clean'), 'wxml,wxss,size')
    assert.equal(result.code, 0, result.stdout)
    assert.match(result.stdout, /^3 passed, 0 failed$/m)
  })

  test('wxml: an unclosed tag fails wcc', async () => {
    const dir = copy('wxml', (d) => writeFileSync(path.join(d, `${page}.wxml`), '<view><text>x</view>'))
    assertOnlyFailure(await verify(dir, 'wxml'), 'wxml')
  })

  test('wxss: an :is() selector list fails wcsc', async () => {
    const dir = copy('wxss', (d) => appendFileSync(path.join(d, `${page}.wxss`), '.x :is(.a, .b){color:red}'))
    assertOnlyFailure(await verify(dir, 'wxss'), 'wxss')
  })

  test('ci: a JS syntax error fails miniprogram-ci', async () => {
    const dir = copy('js', (d) => appendFileSync(path.join(d, `${page}.js`), '\nvar = ;\n'))
    const result = await verify(dir, 'ci')
    assertOnlyFailure(result, 'ci')
    assert.match(result.stdout, /pages\/login\/index\.js/)
  })

  test("quality: the build passes WeChat's code-quality scan and prints the advisory findings", async () => {
    const result = await verify(copy('quality-clean'), 'quality')
    assert.equal(result.code, 0, result.stdout)
    assert.match(result.stdout, /^PASS quality: checkCodeQuality: \d+ checks/m)
    assert.match(result.stdout, /ok {3}LAZYCODE_LOADING_OPEN/)
  })

  test('quality: components injected all at start (no lazyCodeLoading) fail it', async () => {
    const dir = copy('quality', (d) => {
      const file = path.join(d, 'app.json')
      const app = JSON.parse(readFileSync(file, 'utf8'))
      delete app.lazyCodeLoading
      writeFileSync(file, JSON.stringify(app))
    })
    const result = await verify(dir, 'quality')
    assertOnlyFailure(result, 'quality')
    assert.match(result.stdout, /FAIL LAZYCODE_LOADING_OPEN/)
  })

  test('app.json preloads the subpackages a user opens next from the home', () => {
    const app = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))
    assert.equal(app.lazyCodeLoading, 'requiredComponents')
    assert.deepEqual(app.preloadRule['pages/index/index'].packages.sort(), [
      'notices',
      'pages/orderlist',
      'workorders',
    ])
  })

  test('size: a 1.3 MB asset in the main package fails the size check', async () => {
    const dir = copy('size', (d) => writeFileSync(path.join(d, 'big.png'), Buffer.alloc(1300 * 1024)))
    const result = await verify(dir, 'size')
    assertOnlyFailure(result, 'size')
    assert.match(result.stdout, /OVER main package/)
  })
})
