// Lighthouse (mobile, default simulated throttling) over the built H5 console served by the
// reference server in sandbox mode on an in-memory database, for `npm run bench`. Chromium is the
// system one (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded. Pages behind the
// login are measured with a session: the sandbox mints an entry token (POST /__dev/entryToken),
// /accountManage?token= exchanges it as an entry link would, and Lighthouse keeps that storage.
// A benchmark: scores move with the machine's load, so they are printed, never checked.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
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
async function startServer(h5Dir) {
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

/** Logs the browser in through an entry link; returns once the console stored its session. */
async function logIn(browser, base) {
  const minted = await fetch(`${base}/__dev/entryToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: OWNER_PHONE, source: 'bench' }),
  }).then((r) => r.json())
  if (minted.code !== 200) throw new Error(`entryToken: ${minted.code} ${minted.message}`)
  const page = await browser.newPage()
  await page.goto(`${base}/accountManage?token=${encodeURIComponent(minted.data.token)}`)
  // Taro's storage keeps the persisted store as JSON inside JSON: the quotes may be escaped.
  await page.waitForFunction(
    () => /token\\*"\s*:\s*\\*"[^"\\]{16,}/.test(localStorage.getItem('mc-session') ?? ''),
    { timeout: 60_000 },
  )
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

/**
 * Runs Lighthouse on each page, [{ path, session }]: those without a session first, as a new visitor
 * (a logged-in /login moves on to /index), then the others logged in. Returns [{ path, finalUrl,
 * performance, accessibility, bestPractices, cls, metricsMs (FCP, LCP, TBT, SI), failing, error }];
 * throws when the build or Chromium is missing.
 */
export async function lighthouseRoutes(h5Dir, pages, { log = console.log } = {}) {
  if (!existsSync(path.join(h5Dir, 'index.html'))) throw new Error(`no H5 build in ${h5Dir}`)
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`)
  const server = await startServer(h5Dir)
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
  try {
    const ordered = [...pages.filter((p) => !p.session), ...pages.filter((p) => p.session)]
    const results = []
    for (const { path: route, session } of ordered) {
      if (session && !results.some((r) => r.session)) {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
        await logIn(browser, server.base)
        await browser.disconnect()
      }
      const started = performance.now()
      const run = await lighthouse(`${server.base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keep the session the login stored.
        disableStorageReset: true,
      })
      const { categories, audits, finalDisplayedUrl } = run.lhr
      const result = {
        path: route,
        session,
        finalUrl: new URL(finalDisplayedUrl).pathname,
        performance: score(categories.performance),
        accessibility: score(categories.accessibility),
        bestPractices: score(categories['best-practices']),
        cls: audits['cumulative-layout-shift']?.numericValue ?? null,
        metricsMs: Object.fromEntries(METRICS.map((id) => [id, Math.round(audits[id]?.numericValue ?? NaN)])),
        failing: {
          accessibility: shortfalls(run.lhr, 'accessibility'),
          bestPractices: shortfalls(run.lhr, 'best-practices'),
        },
        // Set when Lighthouse could not measure the page (then the scores are null).
        error: run.lhr.runtimeError?.message ?? null,
        seconds: (performance.now() - started) / 1000,
      }
      results.push(result)
      log(result)
    }
    return results
  } finally {
    await chrome.kill()
    server.stop()
  }
}
