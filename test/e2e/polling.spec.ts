import type { Page, Request } from '@playwright/test'
import { loginAs, MAIN_PHONE } from './support/console'
import { expect, test } from './support/fixtures'

// Polling (issue 13): a hidden page sends nothing and resumes at once when shown; a visible /index
// sends at most one request every 3 s in all (the latest notice and the header's badges share one
// poll). Headless Chromium keeps every tab visible, so the tests set the Page Visibility API's
// document.visibilityState / document.hidden themselves and dispatch visibilitychange.

const POLL = /\/api\/(pc\/selectLatestNews|pc\/homePoll|wechat\/getTokenByCode)/

async function setVisibility(page: Page, state: 'visible' | 'hidden') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

/** Every API request the page sends from now on, with the time it left. */
function recordApiCalls(page: Page) {
  const calls: { path: string; at: number }[] = []
  const listener = (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname, at: Date.now() })
  }
  page.on('request', listener)
  return { calls, stop: () => page.off('request', listener) }
}

async function openHome(page: Page) {
  const load = recordApiCalls(page)
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByLabel(/^消息/)).toBeVisible()
  await page.waitForLoadState('networkidle')
  load.stop()
  return load.calls
}

test.describe('polling pauses while hidden; one call per 3 s on the home', () => {
  test.setTimeout(90_000)

  test('a visible /index sends at most one request every 3 s, the badges riding on the home poll', async ({
    page,
  }) => {
    const atLoad = await openHome(page)
    // The header did not load its badges itself: the home's first poll did (homePoll).
    expect(atLoad.map((c) => c.path)).toContain('/api/pc/homePoll')
    expect(atLoad.map((c) => c.path)).not.toContain('/api/pc/getUnReadCount')
    expect(atLoad.map((c) => c.path)).not.toContain('/api/appWorkOrderCommunicationRecords/getRecordCount')

    const window = recordApiCalls(page)
    await page.waitForTimeout(12_500)
    window.stop()
    const { calls } = window
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.length).toBeLessThanOrEqual(5)
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(['/api/pc/selectLatestNews']))
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(2900)
  })

  test('a hidden /index sends nothing and polls at once when shown again', async ({ page }) => {
    await openHome(page)
    await setVisibility(page, 'hidden')
    await page.waitForTimeout(500) // a call already in flight may still leave
    const hidden = recordApiCalls(page)
    await page.waitForTimeout(10_000)
    hidden.stop()
    expect(hidden.calls).toEqual([])

    const shownAt = Date.now()
    const resumed = page.waitForRequest(POLL)
    await setVisibility(page, 'visible')
    await resumed
    expect(Date.now() - shownAt).toBeLessThan(1500)
  })

  test('the desktop QR login stops polling while hidden', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'phone browsers have no QR login')
    await page.goto('/login')
    await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true')
    await page.waitForRequest(POLL)
    await setVisibility(page, 'hidden')
    await page.waitForTimeout(500)
    const hidden = recordApiCalls(page)
    await page.waitForTimeout(4000)
    hidden.stop()
    expect(hidden.calls).toEqual([])

    const resumed = page.waitForRequest(POLL, { timeout: 2500 })
    await setVisibility(page, 'visible')
    await resumed
  })
})
