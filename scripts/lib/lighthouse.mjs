// Lighthouse (mobile, default simulated throttling) over the built H5 console served by the
// reference server in sandbox mode on an in-memory database, for `npm run bench`. Chromium is the
// system one (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded. Pages behind the
// login are measured with a session: the sandbox mints an entry token (POST /__dev/entryToken),
// /accountManage?token= exchanges it as an entry link would. Lighthouse's default reset before each
// run clears the HTTP cache (no script comes with V8's code cache) and the origin's service workers
// and cache storage, not localStorage: every run is a cold first load that keeps the session.
// Each page runs `runs` times (default 3) and is summarised by its median, min and max, beside
// Lighthouse's benchmarkIndex (the machine's speed) and a baseline page: the console's index.html
// with its CSS and no JS, the limit a page of this console can reach on this machine. With a stack
// floor build (`--floor`), its /login is measured after the baseline: the same entry, runtime and
// router with every page one element, the cost of the stack itself.
// A benchmark: scores move with the machine's load, so they are printed, never checked.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { ROOT } from './sizes.mjs'

const OWNER_PHONE = '13800000001'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** The reference server on loopback serving h5Dir; resolves once it answers. */
export async function startServer(h5Dir) {
  const port = await freePort()
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: 'memory://',
      STATIC_DIR: h5Dir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk) => (errors += chunk))
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${errors.slice(-500)}`)
    const up = await fetch(`${base}/api/nope`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { base, stop: () => child.kill('SIGTERM') }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start within 60 s')
}

/**
 * Logs a browser (a puppeteer Browser or a Playwright BrowserContext: anything with newPage) in
 * through an entry link; returns once the console stored its session with the profile, as a user's
 * session is after the first page (every page then starts from the cached profile).
 */
export async function entryLogin(browser, base) {
  const minted = await fetch(`${base}/__dev/entryToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: OWNER_PHONE, source: 'bench' }),
  }).then((r) => r.json())
  if (minted.code !== 200) throw new Error(`entryToken: ${minted.code} ${minted.message}`)
  const page = await browser.newPage()
  await page.goto(`${base}/accountManage?token=${encodeURIComponent(minted.data.token)}`)
  // Taro's storage keeps the persisted store as JSON inside JSON: the quotes may be escaped.
  const stored = () => page.evaluate(() => localStorage.getItem('mc-session') ?? '')
  const complete = (session) =>
    /token\\*"\s*:\s*\\*"[^"\\]{16,}/.test(session) && /userinfo\\*"\s*:\s*\{/.test(session)
  for (let waited = 0; !complete(await stored()); waited += 250) {
    if (waited > 60_000) throw new Error('the entry link did not store a session within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await page.close()
}

const score = (category) =>
  category?.score === null || category?.score === undefined ? null : category.score

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index']

/** The audits of a category that did not pass (binary audits below 1), as "id (score)". */
function shortfalls(lhr, categoryId) {
  return (lhr.categories[categoryId]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.score})`)
}

/** A static page with the console's CSS and a login-like first screen, no JS: the baseline. */
function baselineHtml(h5Dir) {
  const index = readFileSync(path.join(h5Dir, 'index.html'), 'utf8')
  const body = `<div id="app"><main class="login-page"><section class="card" style="max-width:420px;margin:48px auto;padding:24px">
<h1>会员中心</h1><p>账号密码登录 · 短信登录 · 微信登录</p>
<label>账号<input name="account" placeholder="请输入手机号/账号"></label>
<label>密码<input name="password" type="password" placeholder="请输入密码"></label>
<button type="button">登录</button><p>忘记密码？ 注册账号</p></section></main></div>`
  return index.replace(/<script[^>]*><\/script>/g, '').replace('<div id="app"></div>', body)
}

/** Serves the baseline page at / and the build's CSS beside it; resolves with its address. */
async function startBaselineServer(h5Dir) {
  const html = baselineHtml(h5Dir)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline')
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(html)
    }
    const file = path.join(h5Dir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''))
    if (!file.startsWith(h5Dir) || !url.pathname.startsWith('/css/') || !existsSync(file))
      return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/css' })
    res.end(readFileSync(file))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() }
}

/** Lighthouse's default mobile CPU slowdown. */
const MOBILE_CPU_SLOWDOWN = 4

/**
 * The CPU slowdown that makes this machine, measured at `benchmarkIndex`, stand in for one at
 * `referenceIndex` under Lighthouse's mobile 4× (Lighthouse's own calibration: the slowdown scales
 * with the host's speed), to one decimal.
 */
function referenceSlowdown(benchmarkIndex, referenceIndex) {
  return Math.round(((MOBILE_CPU_SLOWDOWN * benchmarkIndex) / referenceIndex) * 10) / 10
}

/**
 * One Lighthouse run of `url` in the launched Chrome: the numbers the bench reports. `cpuSlowdown`:
 * another CPU slowdown than the mobile default (the rest of the throttling stays Lighthouse's).
 */
async function measure(url, port, cpuSlowdown = null) {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  })
  const { categories, audits, finalDisplayedUrl, environment } = run.lhr
  if (process.env.MC_LHR_DIR) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root'
    writeFileSync(path.join(process.env.MC_LHR_DIR, `${name}-${Date.now()}.json`), JSON.stringify(run.lhr))
  }
  return {
    finalUrl: new URL(finalDisplayedUrl).pathname,
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    cls: audits['cumulative-layout-shift']?.numericValue ?? null,
    metricsMs: Object.fromEntries(METRICS.map((id) => [id, Math.round(audits[id]?.numericValue ?? NaN)])),
    // Every task on the main thread during the load, also work moved after the measured window.
    mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? NaN),
    benchmarkIndex: environment?.benchmarkIndex ?? null,
    cpuSlowdown: run.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    failing: {
      accessibility: shortfalls(run.lhr, 'accessibility'),
      bestPractices: shortfalls(run.lhr, 'best-practices'),
    },
    // Set when Lighthouse could not measure the page (then the scores are null).
    error: run.lhr.runtimeError?.message ?? null,
  }
}

/** { median, min, max } of the finite values (null when there are none). */
export function spread(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return null
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  return { median, min: sorted[0], max: sorted.at(-1) }
}

/** The runs of one page summarised: each number's spread, the last run's audits. */
function summarise(route, session, runs) {
  const last = runs.at(-1)
  const of = (pick) => spread(runs.map(pick))
  return {
    path: route,
    session,
    runs: runs.length,
    finalUrl: last.finalUrl,
    performance: of((r) => r.performance),
    accessibility: last.accessibility,
    bestPractices: last.bestPractices,
    cls: of((r) => r.cls),
    fcp: of((r) => r.metricsMs['first-contentful-paint']),
    lcp: of((r) => r.metricsMs['largest-contentful-paint']),
    tbt: of((r) => r.metricsMs['total-blocking-time']),
    speedIndex: of((r) => r.metricsMs['speed-index']),
    mainThread: of((r) => r.mainThreadMs),
    benchmarkIndex: of((r) => r.benchmarkIndex),
    cpuSlowdown: last.cpuSlowdown,
    failing: last.failing,
    error: runs.find((r) => r.error)?.error ?? null,
  }
}

/**
 * Runs Lighthouse `runs` times on the baseline page, then on each page, [{ path, session }]: those
 * without a session first, as a new visitor (a logged-in /login moves on to /index), then the others
 * logged in. Returns [{ path, session, runs, finalUrl, performance, tbt, lcp, fcp, speedIndex,
 * mainThread, cls, benchmarkIndex (each { median, min, max }), accessibility, bestPractices,
 * cpuSlowdown, failing, error }], the baseline first (path "baseline"), then the stack floor (path
 * "floor") when `floorDir` names its build; throws when the build or Chromium is missing. With
 * `referenceIndex`, one first run of the baseline measures this machine's benchmarkIndex and every
 * run after it slows the CPU by `referenceSlowdown` instead of 4×: what a machine of that speed
 * would measure with Lighthouse's defaults.
 */
export async function lighthouseRoutes(
  h5Dir,
  pages,
  { runs = 3, floorDir = null, referenceIndex = null, log = console.log } = {},
) {
  if (!existsSync(path.join(h5Dir, 'index.html'))) throw new Error(`no H5 build in ${h5Dir}`)
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`)
  const server = await startServer(h5Dir)
  const baseline = await startBaselineServer(h5Dir)
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
  let cpuSlowdown = null
  const repeat = async (url) => {
    const results = []
    for (let i = 0; i < runs; i++) results.push(await measure(url, chrome.port, cpuSlowdown))
    return results
  }
  try {
    if (referenceIndex) {
      const { benchmarkIndex } = await measure(`${baseline.base}/`, chrome.port)
      if (!benchmarkIndex) throw new Error('Lighthouse reported no benchmarkIndex to scale from')
      cpuSlowdown = referenceSlowdown(benchmarkIndex, referenceIndex)
    }
    const results = [summarise('baseline', false, await repeat(`${baseline.base}/`))]
    log(results[0])
    if (floorDir) {
      const floor = await startServer(floorDir)
      try {
        results.push(summarise('floor', false, await repeat(`${floor.base}/login`)))
        log(results.at(-1))
      } finally {
        floor.stop()
      }
    }
    const ordered = [...pages.filter((p) => !p.session), ...pages.filter((p) => p.session)]
    for (const { path: route, session } of ordered) {
      if (session && !results.some((r) => r.session)) {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
        await entryLogin(browser, server.base)
        await browser.disconnect()
      }
      const result = summarise(route, session, await repeat(`${server.base}${route}`))
      results.push(result)
      log(result)
    }
    return results
  } finally {
    await chrome.kill()
    server.stop()
    baseline.stop()
  }
}
