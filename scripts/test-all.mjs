// `npm test`: every check, in the order that fails fastest, then one closing `N passed, N failed`.
// Steps: lint, typecheck, schema vs committed migrations, class-name collisions between features,
// colours only from the design tokens (stylelint), domain names as the glossary spells them, jest
// (unit, component, API on the embedded PGlite), the API suite again on PostgreSQL when
// TEST_DATABASE_URL names one (.ci/run starts a throwaway cluster), the weapp import graph (no .h5
// module), both builds, the WeChat tools over dist/weapp, every page booted in the mini-program runtime
// stand-in, the mini-program components under miniprogram-simulate, the size budgets, Playwright end
// to end on desktop and phone viewports.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '..')
const only = process.argv.slice(2)
const totals = { passed: 0, failed: 0 }
const failures = []

const postgresUrl = process.env.TEST_DATABASE_URL

function run(name, command, args, { count, env = {} } = {}) {
  if (only.length && !only.includes(name)) return
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...env },
  })
  const ok = result.status === 0
  record(name, ok, started, count?.())
}

/** Runs several commands at once as one step, each output line prefixed with its label. */
async function runTogether(name, commands, count) {
  if (only.length && !only.includes(name)) return
  console.log(`\n=== ${name}: ${commands.map((c) => c.label).join(' + ')} at once`)
  const started = Date.now()
  const codes = await Promise.all(
    commands.map(
      ({ label, command, args, env }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            cwd: root,
            env: { ...process.env, FORCE_COLOR: '0', ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          })
          for (const stream of [child.stdout, child.stderr])
            readline
              .createInterface({ input: stream })
              .on('line', (line) => console.log(`[${label}] ${line}`))
          child.on('close', resolve)
        }),
    ),
  )
  const ok = codes.every((code) => code === 0)
  record(name, ok, started, count())
}

/** Adds a finished step to the totals: its own test counts when it reports them, else one pass or fail. */
function record(name, ok, started, counted) {
  if (counted) {
    totals.passed += counted.passed
    totals.failed += counted.failed
  } else {
    totals[ok ? 'passed' : 'failed'] += 1
  }
  if (!ok) failures.push(name)
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'mc-test-'))
const jestReport = path.join(work, 'jest.json')
const postgresReport = path.join(work, 'jest-postgres.json')

run('lint', 'npx', ['eslint', '.'])
run('format', 'npx', ['prettier', '--check', '.'])
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
run('migrations', 'node', ['scripts/check-migrations.mjs'])
run('weapp-imports', 'node', ['scripts/check-weapp-imports.mjs'])
run('styles', 'node', ['scripts/check-styles.mjs'])
// Colours only from the tokens file (stylelint.config.mjs).
run('stylelint', 'npx', ['stylelint', 'src/**/*.scss'])
// Folder and file names spell each domain as the glossary does (docs/architecture.md "Glossary").
run('names', 'node', ['scripts/check-names.mjs'])
const jestCount = (file) => () => {
  const report = readJson(file)
  return (
    report && {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    }
  )
}
// The first run keeps the API suite on PGlite; the second puts the same suite on PostgreSQL.
// Two workers even on 2 cores (Jest would run one file at a time in its own process there), and
// --forceExit: a handle a test forgets must fail loudly in the log, not hold CI until its deadline.
const jestArgs = ['--maxWorkers=2', '--forceExit']
run('jest', 'npx', ['jest', ...jestArgs, '--json', `--outputFile=${jestReport}`], {
  count: jestCount(jestReport),
  env: { TEST_DATABASE_URL: '' },
})
if (postgresUrl)
  run(
    'jest-postgres',
    'npx',
    ['jest', ...jestArgs, '--selectProjects', 'api', '--json', `--outputFile=${postgresReport}`],
    {
      count: jestCount(postgresReport),
    },
  )
else if (!only.length || only.includes('jest-postgres'))
  console.log('\n=== jest-postgres: skipped (no TEST_DATABASE_URL; .ci/run starts a cluster)')
run('build-h5', 'npx', ['taro', 'build', '--type', 'h5'])
run('build-weapp', 'npx', ['taro', 'build', '--type', 'weapp'])
run('weapp', 'node', ['scripts/verify-weapp.mjs'])
// test/weapp/runtime-*.test.mjs boot the built pages (dist/weapp); the rest need the native components.
const weappTests = readdirSync(path.join(root, 'test', 'weapp'))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => `test/weapp/${f}`)
const isRuntimeTest = (f) => f.startsWith('test/weapp/runtime-')
run('weapp-runtime', 'node', ['--test', ...weappTests.filter(isRuntimeTest)])
run('build-native-components', 'node', ['scripts/build-native-components.mjs'])
run('weapp-components', 'node', ['--test', ...weappTests.filter((f) => !isRuntimeTest(f))])
run('budgets', 'node', ['scripts/bench.mjs', '--no-build', '--budgets-only'])
// The desktop and phone projects run at the same time, each against its own server and in-memory
// database (so neither sees the other's changes to the demo data), one test at a time within each:
// most of an end-to-end test's time is waiting, which the other project fills.
const e2eProjects = [
  { project: 'desktop', port: 8190 },
  { project: 'mobile', port: 8191 },
]
await runTogether(
  'e2e',
  e2eProjects.map(({ project, port }) => ({
    label: project,
    command: 'npx',
    args: ['playwright', 'test', '--config', 'test/e2e/playwright.config.ts', '--project', project],
    env: {
      E2E_PORT: String(port),
      E2E_JSON_REPORT: path.join(work, `e2e-${project}.json`),
      E2E_OUTPUT_DIR: `test-results/e2e-${project}`,
    },
  })),
  () =>
    e2eProjects
      .map(({ project }) => readJson(path.join(work, `e2e-${project}.json`))?.stats)
      .reduce(
        (sum, stats) =>
          sum && stats
            ? { passed: sum.passed + stats.expected + stats.flaky, failed: sum.failed + stats.unexpected }
            : null,
        { passed: 0, failed: 0 },
      ),
)

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(failures.length ? 1 : 0)
