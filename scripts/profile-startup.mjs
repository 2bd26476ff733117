// `npm run profile -- [/route]` (default /index): where a page's start-up spends the main thread on a
// 4×-throttled phone. Builds the H5 console with source maps into dist-profile/ (MC_SOURCEMAP=1,
// MC_DIST=dist-profile, or --dist; --no-build reuses it), serves it from the reference server (sandbox,
// in-memory database), logs in by an entry link (not for /login), then records Chrome's JS CPU
// profile and Performance metrics from navigation until the page has been idle for 2 s. Prints the
// main thread's split (script, style, layout, other), React's commits and component renders until
// then (the build keeps function names, MC_KEEP_FNAMES=1, so the components rendered most are
// named), and the script time by source (a src/ file or a node_modules package, through the source
// maps), self time, largest first. Runs --runs times (default 3) and prints medians. A measurement
// tool, never a gate.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SourceMapConsumer } from 'source-map-js'
import { taroBuild, tail } from './lib/build.mjs'
import { spread } from './lib/lighthouse.mjs'
import { startPhoneBench } from './lib/phone-bench.mjs'
import { ROOT } from './lib/sizes.mjs'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    top: { type: 'string', default: '15' },
    dist: { type: 'string', default: 'dist-profile' },
  },
})
const route = positionals[0] ?? '/index'
// /login sends a logged-in visitor on to the home page: it is profiled without the session.
const anonymous = route === '/login'
const runs = Math.max(1, Number(args.runs) || 3)
const DIST = args.dist
const h5Dir = path.join(ROOT, DIST, 'h5')

if (!args['no-build']) {
  process.env.MC_SOURCEMAP = '1'
  process.env.MC_KEEP_FNAMES = '1'
  process.env.MC_DIST = DIST
  const built = taroBuild('h5', {})
  if (!built.ok) {
    console.error(tail(built.output) || built.error)
    process.exit(1)
  }
}
if (!existsSync(path.join(h5Dir, 'index.html'))) {
  console.error(`no build in ${h5Dir}: run without --no-build`)
  process.exit(1)
}

/** Source maps by bundle URL, loaded on first use. */
const consumers = new Map()
function consumerFor(url) {
  if (!consumers.has(url)) {
    const file = path.join(h5Dir, `${new URL(url).pathname}.map`)
    consumers.set(
      url,
      existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null,
    )
  }
  return consumers.get(url)
}

/** Where a profiled function comes from: `src/…` file, `node_modules` package, or a V8 pseudo-node. */
function sourceOf({ url, lineNumber, columnNumber, functionName }) {
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, '')})` : '(native)'
  // Chrome's own scripts (`v8/LoadTimes`, extensions) have no http URL.
  if (!URL.canParse(url)) return `(${url})`
  if (!url.includes('/js/')) return new URL(url).pathname
  const original = consumerFor(url)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber })
  const source = original?.source ?? ''
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (packaged) return packaged[1]
  const own = /(src\/.+)$/.exec(source)
  return own ? own[1] : `${new URL(url).pathname} (unmapped)`
}

/** Self time per source, in ms, from a Profiler.Profile. */
function selfTimeBySource(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const totals = new Map()
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)
    const key = sourceOf(node.callFrame)
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  totals.delete('(idle)')
  return totals
}

/**
 * Runs in the page before the console: stands in for React DevTools' hook (React calls it in
 * production builds too) and counts each commit and the components it rendered. A component counts
 * as rendered when its props or state object is one no earlier commit had: a component React
 * skipped keeps both.
 */
function countReactRenders() {
  const seen = new WeakSet()
  const counted = { commits: 0, renders: 0, byComponent: {} }
  const isNew = (value) => value !== null && typeof value === 'object' && !seen.has(value)
  // memo and forwardRef wrap the function: name them by it. Other objects are contexts.
  const nameOf = (type) => {
    if (typeof type === 'function') return type.displayName || type.name || '(anonymous)'
    const inner = type.type ?? type.render
    return type.displayName || (inner ? nameOf(inner) : '(context)')
  }
  const visit = (fiber) => {
    for (; fiber; fiber = fiber.sibling) {
      const { memoizedProps: props, memoizedState: state, type } = fiber
      const rendered = isNew(props) || isNew(state)
      if (rendered && (typeof type === 'function' || (type !== null && typeof type === 'object'))) {
        counted.renders++
        const name = nameOf(type)
        counted.byComponent[name] = (counted.byComponent[name] ?? 0) + 1
      }
      for (const value of [props, state]) if (value !== null && typeof value === 'object') seen.add(value)
      visit(fiber.child)
    }
  }
  window.__reactRenders = counted
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      counted.commits++
      visit(root.current.child)
    },
  }
}

async function profileOnce(bench) {
  const { context, page, cdp } = await bench.openPhone({ anonymous })
  try {
    await page.addInitScript(countReactRenders)
    await cdp.send('Performance.enable')
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await page.goto(`${bench.base}${route}`)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(2000)
    const { profile } = await cdp.send('Profiler.stop')
    const react = await page.evaluate(() => window.__reactRenders)
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
    const split = {
      script: metric('ScriptDuration'),
      style: metric('RecalcStyleDuration'),
      layout: metric('LayoutDuration'),
      total: metric('TaskDuration'),
    }
    return { split, react, bySource: selfTimeBySource(profile) }
  } finally {
    await context.close()
  }
}

const bench = await startPhoneBench(h5Dir)
try {
  const results = []
  for (let i = 0; i < runs; i++) results.push(await profileOnce(bench))
  const median = (pick) => Math.round(spread(results.map(pick)).median)
  const { script, style, layout, total } = {
    script: median((r) => r.split.script),
    style: median((r) => r.split.style),
    layout: median((r) => r.split.layout),
    total: median((r) => r.split.total),
  }
  console.log(`${route} start-up on a 375×812 phone at 4× CPU slowdown, median of ${runs} runs (ms)`)
  console.log(
    `  main thread ${total}: script ${script}, style ${style}, layout ${layout}, other ${total - script - style - layout}`,
  )
  console.log(
    `  React: ${median((r) => r.react.commits)} commits, ${median((r) => r.react.renders)} component renders (function, class, memo and forwardRef components)`,
  )
  const components = new Set(results.flatMap((r) => Object.keys(r.react.byComponent)))
  const mostRendered = [...components]
    .map((name) => ({ name, renders: median((r) => r.react.byComponent[name] ?? 0) }))
    .sort((a, b) => b.renders - a.renders)
    .slice(0, Number(args.top) || 15)
  console.log('  renders by component, most first')
  for (const { name, renders } of mostRendered) console.log(`    ${String(renders).padStart(6)}  ${name}`)
  const sources = new Set(results.flatMap((r) => [...r.bySource.keys()]))
  const ranked = [...sources]
    .map((source) => ({ source, ms: median((r) => r.bySource.get(source) ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, Number(args.top) || 15)
  console.log('  self time by source (JS profile; (program) and (garbage collector) are V8 and the renderer)')
  for (const { source, ms } of ranked) console.log(`    ${String(ms).padStart(6)}  ${source}`)
} finally {
  await bench.close()
}
