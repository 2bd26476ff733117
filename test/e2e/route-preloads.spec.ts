import type { Page } from '@playwright/test'
import { loginAs, MAIN_PHONE } from './support/console'
import { expect, test } from './support/fixtures'

// A route's HTML names its page's chunks as preloads (config/route-preloads.ts,
// server/http/route-preloads.ts): the page asks for each of them, and the browser fetches each once.

/** A page's response or a request's: either has the headers. */
type Answer = { headers(): Record<string, string> } | null

function preloadedFiles(response: Answer): string[] {
  const link = response?.headers().link ?? ''
  return [...link.matchAll(/<([^>]+)>; rel=preload; as=\w+/g)].map((m) => m[1])
}

/**
 * What the page has used and fetched: the chunks whose scripts have run (each pushes its ids onto
 * Taro's chunk-loading global; a page chunk has no name, so its file is named by its id), the
 * stylesheets in the document, and how often each file was fetched.
 */
function loadedFiles(page: Page) {
  return page.evaluate(() => {
    const fetches: Record<string, number> = {}
    for (const entry of performance.getEntriesByType('resource')) {
      const { pathname } = new URL(entry.name)
      fetches[pathname] = (fetches[pathname] ?? 0) + 1
    }
    const pushed = (self as unknown as { webpackJsonp: [number[]][] }).webpackJsonp
    const chunksRun = pushed.flatMap(([ids]) => ids.map(String))
    const stylesheets = [...document.querySelectorAll('link[rel=stylesheet]')].map(
      (el) => new URL(el.getAttribute('href')!, location.href).pathname,
    )
    return { fetches, chunksRun, stylesheets }
  })
}

async function expectPreloadsUsed(page: Page, response: Answer) {
  const preloaded = preloadedFiles(response)
  const scripts = preloaded.filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(0)
  expect(preloaded.filter((file) => file.endsWith('.css'))).toHaveLength(1)
  const { fetches, chunksRun, stylesheets } = await loadedFiles(page)
  for (const file of preloaded) expect(fetches[file], `${file} is fetched once`).toBe(1)
  for (const file of scripts) {
    const chunk = /^\/js\/(\d+)\.[0-9a-f]{8}\.js$/.exec(file)?.[1]
    expect(chunksRun, `${file} has run`).toContain(chunk)
  }
  for (const file of preloaded.filter((f) => f.endsWith('.css'))) expect(stylesheets).toContain(file)
}

test('/login arrives with its page chunks preloaded', async ({ page }) => {
  const response = await page.goto('/login')
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible()
  await expectPreloadsUsed(page, response)
})

test('a console page arrives with its own chunks preloaded', async ({ page }) => {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  const response = await page.goto('/myWorkOrder')
  await expect(page.locator('.wo-list__title')).toHaveText('我的工单')
  await expectPreloadsUsed(page, response)
  const login = preloadedFiles(await page.request.get('/login'))
  expect(preloadedFiles(response)).not.toEqual(login)
})
