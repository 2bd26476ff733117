// `npm run bench`: production builds of H5 and weapp (wall time; H5 twice, the second from webpack's
// filesystem cache), then what each H5 route downloads to render (JS/CSS, raw and gzip), the weapp
// package sizes, and the size budgets (PASS/FAIL; exit 1 on a failed budget).
// Options:
//   --no-build      measure the existing dist/h5 and dist/weapp
//   --budgets-only  print only the budget lines (CI runs `--no-build --budgets-only` after its builds)
//   --json FILE     also write the numbers as JSON
//   --cold          delete webpack's cache for both targets first, so the first builds are cold
//                   (do not use while another build of this checkout is running)
//   --verbose       show the build output
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { tail, taroBuild } from './lib/build.mjs'
import {
  ROOT,
  checkBudgets,
  formatBytes,
  h5RouteAssets,
  loadRoutes,
  weappPackageSizes,
} from './lib/sizes.mjs'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'budgets-only': { type: 'boolean', default: false },
    json: { type: 'string' },
    cold: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
})
const h5Dir = path.join(ROOT, 'dist', 'h5')
const weappDir = path.join(ROOT, 'dist', 'weapp')
const cacheDir = (type) => path.join(ROOT, 'node_modules', '.cache', 'webpack', `production-${type}`)
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const report = args['budgets-only'] ? () => {} : console.log

function build(label, type) {
  const result = taroBuild(type, { verbose: args.verbose })
  if (!result.ok) {
    console.error(tail(result.output) || result.error)
    console.error(`FAIL build ${label}`)
    process.exit(1)
  }
  report(`  ${label.padEnd(28)} ${seconds(result.ms).padStart(8)}`)
  return Math.round(result.ms)
}

let builds = null
if (!args['no-build']) {
  if (args.cold) for (const type of ['h5', 'weapp']) rmSync(cacheDir(type), { recursive: true, force: true })
  const state = (type) => (existsSync(cacheDir(type)) ? 'warm cache' : 'cold')
  report('Builds (production, wall time)')
  const h5State = state('h5')
  const weappState = state('weapp')
  builds = {
    h5Ms: build(`h5 (${h5State})`, 'h5'),
    h5CachedMs: build('h5 again (cached)', 'h5'),
    weappMs: build(`weapp (${weappState})`, 'weapp'),
    h5Cache: h5State,
    weappCache: weappState,
  }
  report('')
}

// A missing or unreadable dist is reported and fails the budgets that need it.
function measure(name, fn) {
  try {
    return fn()
  } catch (error) {
    console.error(`cannot measure ${name}: ${error.message}`)
    return null
  }
}

const routes = await loadRoutes()
const h5Routes = measure('dist/h5', () => h5RouteAssets(h5Dir, routes))
const weapp = measure('dist/weapp', () => weappPackageSizes(weappDir))

const kb = (bytes) => formatBytes(bytes).padStart(10)
if (h5Routes) {
  report('H5 routes: entry chunks (index.html) + the page chunks its loader requests; gzip level 6')
  const columns = ['JS raw', 'JS gzip', 'CSS raw', 'CSS gzip'].map((c) => c.padStart(10)).join(' ')
  report(`  ${'route'.padEnd(10)} ${columns}  files`)
  for (const r of h5Routes) {
    const files = `${r.js.length} js + ${r.css.length} css`
    report(`  ${r.path.padEnd(10)} ${kb(r.jsRaw)} ${kb(r.jsGzip)} ${kb(r.cssRaw)} ${kb(r.cssGzip)}  ${files}`)
  }
  for (const r of h5Routes) {
    report(`  ${r.path} (${r.urls.join(', ')} -> ${r.page}):`)
    for (const f of [...r.js, ...r.css]) report(`    ${f.file.padEnd(36)} ${kb(f.raw)} ${kb(f.gzip)} gz`)
  }
  report('')
}
if (weapp) {
  report('weapp packages')
  report(`  ${'main package'.padEnd(28)} ${kb(weapp.main.bytes)}  (${weapp.main.files} files)`)
  for (const p of weapp.subPackages)
    report(`  ${`subpackage ${p.root}`.padEnd(28)} ${kb(p.bytes)}  (${p.files} files)`)
  report(`  ${'total'.padEnd(28)} ${kb(weapp.total)}`)
  report('')
}

const budgets = checkBudgets({ h5Routes, weapp })
console.log('Budgets')
for (const b of budgets) {
  const value = b.value === null ? 'not measured' : formatBytes(b.value)
  console.log(
    `  ${b.ok ? 'PASS' : 'FAIL'} ${b.name.padEnd(44)} ${value.padStart(12)} <= ${formatBytes(b.limit)}`,
  )
}
const failed = budgets.filter((b) => !b.ok).length
console.log(`${budgets.length - failed} passed, ${failed} failed`)

if (args.json) {
  const file = path.resolve(args.json)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), builds, h5Routes, weapp, budgets }, null, 2)}\n`,
  )
}
process.exit(failed ? 1 : 0)
