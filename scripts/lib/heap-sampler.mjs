// Preloaded (`--import`) into the bench:export server child only, never into a served app: samples
// the process's memory every few milliseconds and reports to the parent over IPC, every 50 ms, the
// peaks since its last report, so a short-lived peak between two reports is still seen. Two heaps:
// the peak in use (garbage included: what the process really needed) and the peak left after a
// full collection (what is kept alive: it must not grow with the file). The child's own code is
// unchanged; the parent ignores these reports when it is not measuring.
import { constants, PerformanceObserver } from 'node:perf_hooks'

const SAMPLE_MS = 5
const REPORT_MS = 50

let peak = null

function sample() {
  const { heapUsed, rss } = process.memoryUsage()
  peak ??= { heapUsed, rss, liveHeap: 0 }
  peak.heapUsed = Math.max(peak.heapUsed, heapUsed)
  peak.rss = Math.max(peak.rss, rss)
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue
    sample()
    peak.liveHeap = Math.max(peak.liveHeap, process.memoryUsage().heapUsed)
  }
}).observe({ entryTypes: ['gc'] })

setInterval(sample, SAMPLE_MS).unref()
setInterval(() => {
  sample()
  if (process.connected) process.send?.({ heapSample: { ...peak, now: process.memoryUsage().heapUsed } })
  peak = null
}, REPORT_MS).unref()
