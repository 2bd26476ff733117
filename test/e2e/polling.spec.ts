import type { Page } from '@playwright/test'
import { loginAs, MAIN_PHONE } from './support/console'
import { expect, test } from './support/fixtures'

// Polling: a hidden page sends nothing and resumes at once when shown; a visible /index
// sends at most one request every 3 s in all (the latest notice and the header's badges share one
// poll). Time is Playwright's clock, not the wall's: the page's timers run only when the test moves
// it, and each API call is stamped with the page's own (fake) Date.now(). Headless Chromium keeps every
// tab visible, so the tests set document.visibilityState / document.hidden and dispatch
// visibilitychange themselves.

const POLL = /\/api\/(pc\/selectLatestNews|pc\/homePoll|wechat\/getTokenByCode)/

interface StampedCall {
  path: string
  at: number
}

declare global {
  interface Window {
    __apiCalls: StampedCall[]
    __apiInFlight: number
  }
}

/** Stamps every API call the page makes with the page's clock and counts the unanswered ones. */
async function stampApiCalls(page: Page) {
  await page.addInitScript(() => {
    window.__apiCalls = []
    window.__apiInFlight = 0
    const original = window.fetch.bind(window)
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      if (!url.pathname.startsWith('/api/')) return original(input, init)
      window.__apiCalls.push({ path: url.pathname, at: Date.now() })
      window.__apiInFlight++
      return original(input, init).finally(() => window.__apiInFlight--)
    }
  })
}

const callsSince = (page: Page, from: number) =>
  page.evaluate((index) => window.__apiCalls.slice(index), from)
const callCount = (page: Page) => page.evaluate(() => window.__apiCalls.length)

/** Moves the page's clock in small steps, letting each answered call schedule the next tick. */
async function advance(page: Page, ms: number, step = 500) {
  for (let moved = 0; moved < ms; moved += step) {
    await page.clock.runFor(Math.min(step, ms - moved))
    await expect.poll(() => page.evaluate(() => window.__apiInFlight)).toBe(0)
  }
}

/** Stops the page's clock a moment ahead of where it is (retried if the page got there first). */
async function pauseClock(page: Page) {
  for (;;) {
    try {
      return await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    } catch (error) {
      if (!/past/.test(String(error))) throw error
    }
  }
}

async function setVisibility(page: Page, state: 'visible' | 'hidden') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

/** Logs in on a paused clock and lands on /index; returns the calls of the first load. */
async function openHome(page: Page) {
  await stampApiCalls(page)
  await page.clock.install()
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByLabel(/^消息/)).toBeVisible()
  await page.waitForLoadState('networkidle')
  await pauseClock(page)
  await expect.poll(() => page.evaluate(() => window.__apiInFlight)).toBe(0)
  return callsSince(page, 0)
}

test.describe('polling pauses while hidden; one call per 3 s on the home', () => {
  test.setTimeout(90_000)

  test('a visible /index sends at most one request every 3 s, the badges riding on the home poll', async ({
    page,
  }) => {
    const atLoad = await openHome(page)
    // The header did not load its badges itself: the home's first poll did (homePoll).
    const loaded = atLoad.map((c) => c.path)
    expect(loaded).toContain('/api/pc/homePoll')
    expect(loaded).not.toContain('/api/pc/getUnReadCount')
    expect(loaded).not.toContain('/api/appWorkOrderCommunicationRecords/getRecordCount')

    const from = await callCount(page)
    await advance(page, 12_500)
    const calls = await callsSince(page, from)
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.length).toBeLessThanOrEqual(5)
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(['/api/pc/selectLatestNews']))
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(3000)
  })

  test('a hidden /index sends nothing and polls at once when shown again', async ({ page }) => {
    await openHome(page)
    await setVisibility(page, 'hidden')
    const from = await callCount(page)
    await advance(page, 10_000)
    expect(await callsSince(page, from)).toEqual([])

    // Shown again: the poll goes out without the clock moving at all.
    const resumed = page.waitForRequest(POLL)
    await setVisibility(page, 'visible')
    await resumed
  })

  test('the desktop QR login stops polling while hidden', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'phone browsers have no QR login')
    await stampApiCalls(page)
    await page.clock.install()
    await page.goto('/login')
    await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true')
    await page.waitForRequest(POLL)
    await pauseClock(page)
    await setVisibility(page, 'hidden')
    await expect.poll(() => page.evaluate(() => window.__apiInFlight)).toBe(0)
    const from = await callCount(page)
    await advance(page, 4000)
    expect(await callsSince(page, from)).toEqual([])

    const resumed = page.waitForRequest(POLL)
    await setVisibility(page, 'visible')
    await resumed
  })
})
