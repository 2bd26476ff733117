// `npm run bench`: production builds of H5 and weapp (wall time; H5 twice, the second from webpack's
// filesystem cache), then what each H5 route downloads to render (JS/CSS: raw, gzip, and the bytes
// the server sends a browser accepting brotli: the build's .br copies), the weapp package sizes,
// the size budgets (PASS/FAIL; exit 1 on a failed budget), and Lighthouse scores of the built H5
// console (scripts/lib/lighthouse.mjs; a benchmark, never a gate).
// Options:
//   --no-build      measure the existing dist/h5 and dist/weapp
//   --budgets-only  print only the budget lines (CI runs `--no-build --budgets-only` after its builds)
//   --json FILE     also write the numbers as JSON
//   --cold          delete webpack's cache for both targets first, so the first builds are cold
//                   (do not use while another build of this checkout is running)
//   --verbose       show the build output
//   --no-lighthouse skip the Lighthouse runs (about 20 s a page and run)
//   --runs N        Lighthouse runs per page (default 3): each figure is printed as median (min–max)
//   --pages LIST    comma-separated routes for Lighthouse (default /login,/index,/orderlist,/myWorkOrder)
//   --floor         also build the stack floor (MC_BENCH_FLOOR=1 into <dist>-floor: Taro's runtime and
//                   router, React DOM, src/app.ts and the console's CSS, every page one element) and
//                   measure it beside the baseline: what the stack costs before any console code
//   --reference-index N  slow the CPU so that this machine stands in for one at Lighthouse
//                   benchmarkIndex N under the default 4× (4 × this machine's index / N, measured by a
//                   first baseline run): figures comparable across machines of different speeds
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { tail, taroBuild } from './lib/build.mjs'
import { lighthouseRoutes, spread } from './lib/lighthouse.mjs'
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
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/index,/orderlist,/myWorkOrder' },
    floor: { type: 'boolean', default: false },
    'reference-index': { type: 'string' },
  },
})
// MC_DIST: the build folder of this checkout (config/index.ts), default dist.
const distRoot = process.env.MC_DIST || 'dist'
const h5Dir = path.join(ROOT, distRoot, 'h5')
const weappDir = path.join(ROOT, distRoot, 'weapp')
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
  report('H5 routes: entry chunks (index.html) + the page chunks its loader requests')
  report('  sent = bytes on the wire to a browser accepting brotli (the .br copies); gzip at level 6')
  const columns = ['JS raw', 'JS gzip', 'JS sent', 'CSS raw', 'CSS gzip', 'CSS sent', 'total sent']
    .map((c) => c.padStart(10))
    .join(' ')
  report(`  ${'route'.padEnd(18)} ${columns}  files`)
  for (const r of h5Routes) {
    const files = `${r.js.length} js + ${r.css.length} css`
    const sizes = [r.jsRaw, r.jsGzip, r.jsBr, r.cssRaw, r.cssGzip, r.cssBr, r.jsBr + r.cssBr]
      .map(kb)
      .join(' ')
    report(`  ${r.path.padEnd(18)} ${sizes}  ${files}`)
  }
  if (!h5Routes.every((r) => r.compressed))
    report('  (no .br copies beside the files: not a production build? "sent" is the raw size)')
  for (const r of h5Routes) {
    report(`  ${r.path} (${r.urls.join(', ')} -> ${r.page}):`)
    for (const f of [...r.js, ...r.css])
      report(`    ${f.file.padEnd(36)} ${kb(f.raw)} ${kb(f.gzip)} gz ${kb(f.br)} sent`)
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

// Lighthouse mobile (default simulated throttling) on the pages the performance targets name, the logged-in ones
// with a session, after a baseline page (the console's CSS, no JS) that shows what this machine
// allows. Printed, never checked: the figures move with the machine's load, hence medians of runs.
let lighthouse = null
if (!args['budgets-only'] && !args['no-lighthouse']) {
  const runs = Math.max(1, Number(args.runs) || 3)
  const pages = args.pages.split(',').flatMap((p) => {
    const route = routes.ROUTES.find((r) => r.path === p)
    return route ? [{ path: p, session: !route.public }] : []
  })
  // Built fresh each time (webpack's cache makes it quick): an old floor build would mislead.
  let floorDir = null
  if (args.floor) {
    const floorRoot = `${distRoot}-floor`
    const built = taroBuild('h5', { env: { MC_DIST: floorRoot, MC_BENCH_FLOOR: '1' } })
    if (built.ok) floorDir = path.join(ROOT, floorRoot, 'h5')
    else report(`  the stack floor did not build: ${tail(built.output, 5) || built.error}`)
  }
  const references = floorDir ? 'baseline, floor' : 'baseline'
  report(
    `Lighthouse (mobile, simulated throttling), median (min–max) of ${runs} runs: ${references}, ${pages.map((p) => p.path).join(', ')}`,
  )
  try {
    const referenceIndex = Number(args['reference-index']) || null
    lighthouse = await lighthouseRoutes(h5Dir, pages, { runs, floorDir, referenceIndex, log: () => {} })
    const range = (s, digits = 0, unit = '') =>
      s === null
        ? '-'
        : `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`
    const columns = [
      ['perf', (r) => range(r.performance, 2), 18],
      ['TBT', (r) => range(r.tbt, 0, ' ms'), 22],
      ['main thread', (r) => range(r.mainThread, 0, ' ms'), 24],
      ['LCP', (r) => range(r.lcp, 0, ' ms'), 24],
      ['a11y', (r) => (r.accessibility === null ? '-' : r.accessibility.toFixed(2)), 6],
    ]
    report(`  ${'route'.padEnd(13)}${columns.map(([name, , width]) => name.padStart(width)).join('')}`)
    for (const r of lighthouse) {
      const reference = r.path === 'baseline' || r.path === 'floor'
      const redirected = r.finalUrl !== r.path && !reference ? `  (ended on ${r.finalUrl})` : ''
      report(
        `  ${r.path.padEnd(13)}${columns.map(([, value, width]) => value(r).padStart(width)).join('')}${redirected}`,
      )
      const failing = [...r.failing.accessibility, ...r.failing.bestPractices]
      if (failing.length && !reference) report(`  ${''.padEnd(13)}failing audits: ${failing.join(', ')}`)
      if (r.error) report(`  ${''.padEnd(13)}not measured: ${r.error}`)
    }
    const index = spread(lighthouse.flatMap((r) => (r.benchmarkIndex ? [r.benchmarkIndex.median] : [])))
    report(`  machine: Lighthouse benchmarkIndex ${range(index)} (higher is faster)`)
    if (referenceIndex)
      report(
        `  CPU slowed ${lighthouse[0].cpuSlowdown}× instead of 4×: a machine at benchmarkIndex ${referenceIndex} under Lighthouse's defaults`,
      )
  } catch (error) {
    report(`  not measured: ${error.message}`)
  }
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
    `${JSON.stringify({ date: new Date().toISOString(), builds, h5Routes, weapp, lighthouse, budgets }, null, 2)}\n`,
  )
}
process.exit(failed ? 1 : 0)
