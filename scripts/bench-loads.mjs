// `npm run bench:loads`: first loads on a phone with its CPU and network really throttled, beside
// Lighthouse's simulation (`npm run bench`), which runs the page at the machine's speed and scales
// only the main thread: work on other threads (V8 compiling a streamed script) and the waits for it
// are not in its figures. Here Chromium emulates a 375×812 phone with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate) and Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s
// down), each load in a fresh context (a cold cache). Per page: LCP, total blocking time and the
// long tasks' total from the page's own Long Tasks API, medians (min–max) of `--runs` (default 5).
// `--dist a,b` measures several builds of this checkout (MC_DIST folders), interleaved run by run,
// so a slower moment of the machine hits each alike. The machine's speed is printed before and
// after: Lighthouse's benchmarkIndex function run in this browser (it reads lower here than in
// Lighthouse's own Chrome of `npm run bench`; compare it with itself). A benchmark, never a gate.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { throttling } from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { spread } from './lib/lighthouse.mjs'
import { startPhoneBench } from './lib/phone-bench.mjs'
import { ROOT } from './lib/sizes.mjs'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/login,/index,/orderlist,/myWorkOrder' },
    dist: { type: 'string', default: process.env.MC_DIST || 'dist' },
  },
})
const runs = Math.max(1, Number(args.runs) || 5)
const pages = args.pages.split(',').filter(Boolean)
const builds = args.dist.split(',').filter(Boolean)
for (const dist of builds) {
  if (!existsSync(path.join(ROOT, dist, 'h5', 'index.html'))) {
    console.error(`no H5 build in ${dist}/h5: run \`npx taro build --type h5\` first`)
    process.exit(1)
  }
}

// Lighthouse's mobile network: its round trip as each request's latency, and the throughputs with
// DevTools' adjustment (bytes per second).
const { mobileSlow4G } = throttling
const NETWORK = {
  offline: false,
  latency: mobileSlow4G.rttMs,
  downloadThroughput: (mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (mobileSlow4G.uploadThroughputKbps * 1024) / 8,
}

// Installed before the page's first script: what its main thread blocked on, and its LCP.
function observeLoad() {
  const seen = { longTasks: [], lcp: 0 }
  window.__mcLoad = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

async function load(bench, route) {
  const { context, page, cdp } = await bench.openPhone({ anonymous: route === '/login' })
  try {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await page.addInitScript(observeLoad)
    await page.goto(bench.base + route, { waitUntil: 'networkidle' })
    // The page's late work (answers rendered in slices, deferred parts) lands within this.
    await page.waitForTimeout(1000)
    const { longTasks, lcp } = await page.evaluate(() => window.__mcLoad)
    return {
      // A load that reported no LCP entry is left out of the LCP figures.
      lcp: lcp || null,
      tbt: longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      longTasks: longTasks.reduce((sum, d) => sum + d, 0),
    }
  } finally {
    await context.close()
  }
}

async function benchmarkIndex(bench) {
  const { context, page } = await bench.openPhone({ rate: 1, anonymous: true })
  try {
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`)
  } finally {
    await context.close()
  }
}

const benches = []
try {
  for (const dist of builds) benches.push(await startPhoneBench(path.join(ROOT, dist, 'h5')))
  const speedBefore = await benchmarkIndex(benches[0])
  const results = builds.map(() => Object.fromEntries(pages.map((route) => [route, []])))
  for (let run = 0; run < runs; run++) {
    for (const route of pages) {
      for (const [i, bench] of benches.entries()) results[i][route].push(await load(bench, route))
    }
  }
  const speedAfter = await benchmarkIndex(benches[0])

  const ms = (s) => (s ? `${Math.round(s.median)} ms (${Math.round(s.min)}–${Math.round(s.max)})` : 'n/a')
  console.log(
    `First loads on a 375×812 phone, CPU 4× slower, 150 ms / 1.6 Mbit/s network; median (min–max) of ${runs} runs`,
  )
  console.log(
    `  ${'build'.padEnd(14)} ${'route'.padEnd(14)} ${'LCP'.padStart(20)} ${'TBT'.padStart(20)} ${'long tasks'.padStart(22)}`,
  )
  for (const route of pages) {
    for (const [i, dist] of builds.entries()) {
      const of = (pick) => spread(results[i][route].map(pick))
      console.log(
        `  ${dist.padEnd(14)} ${route.padEnd(14)} ${ms(of((r) => r.lcp)).padStart(20)} ${ms(of((r) => r.tbt)).padStart(20)} ${ms(of((r) => r.longTasks)).padStart(22)}`,
      )
    }
  }
  console.log(
    `  machine: ${Math.round(speedBefore)} before, ${Math.round(speedAfter)} after (Lighthouse's benchmarkIndex function in this browser, higher is faster)`,
  )
} finally {
  for (const bench of benches) await bench.close()
}
