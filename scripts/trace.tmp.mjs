import { startPhoneBench } from './lib/phone-bench.mjs'
const route = process.argv[2] ?? '/index'
const bench = await startPhoneBench(process.argv[3] ?? '/work/main/dist/h5')
const { context, page, cdp } = await bench.openPhone({ anonymous: route === '/login' })
const events = []
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value))
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' })
await page.goto(bench.base + route); await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500)
await cdp.send('Tracing.end'); await done
const main = events.find((e) => e.name === 'TracingStartedInBrowser')
// renderer main thread: thread with most RunTask of the page process
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X')
const byThread = new Map()
for (const t of tasks) { const k = t.pid + ':' + t.tid; byThread.set(k, (byThread.get(k) ?? 0) + t.dur) }
const mainKey = [...byThread.entries()].filter(([k]) => events.some(e => e.name === 'ParseHTML' && (e.pid + ':' + e.tid) === k)).sort((a, b) => b[1] - a[1])[0][0]
const mine = events.filter((e) => e.pid + ':' + e.tid === mainKey && e.ph === 'X')
const top = mine.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)
const t0 = top[0].ts
let total = 0
for (const t of top) {
  total += t.dur
  if (t.dur < 30000) continue
  const kids = new Map()
  for (const e of mine) if (e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && (process.env.ALL || ['EvaluateScript','FunctionCall','UpdateLayoutTree','Layout','ParseHTML','ParseAuthorStyleSheet','v8.compile','TimerFire','EventDispatch','FireAnimationFrame','RunMicrotasks','v8.run','Paint','PrePaint','Commit','HitTest','v8.callFunction','XHRReadyStateChange','ScheduleStyleRecalculation','MajorGC','MinorGC','V8.GC_SCAVENGER','v8.evaluateModule'].includes(e.name))) {
    const label = e.name + (e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : e.args?.data?.functionName ? ' ' + e.args.data.functionName : '')
    kids.set(label, (kids.get(label) ?? 0) + e.dur)
  }
  console.log(`task @${((t.ts - t0) / 1000) | 0} ms: ${(t.dur / 1000) | 0} ms`)
  for (const [k, v] of [...kids.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${(v / 1000) | 0}  ${k}`)
}
console.log('all tasks', (total / 1000) | 0, 'ms')
await context.close(); await bench.close()
