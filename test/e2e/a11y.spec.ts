import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ROUTES, type RouteDef } from '../../src/core/routing/routes'
import { loginAs, MAIN_PHONE, storedSession } from './support/console'
import { expect, test } from './support/fixtures'

// Accessibility: axe-core (WCAG 2 A and AA) finds no violation of impact serious or
// critical on any route of the route table, at 1366 px (desktop project) and 375 px (mobile project).
// Public routes are checked logged out, the others logged in as the demo main account. The table is
// read at run time, so a page added to it is checked too; a route needing a query gets one from
// SAMPLE_QUERY (seeded data), any other is opened bare (its empty or error state is checked then).

const BLOCKING = new Set(['serious', 'critical'])

/** Queries that open a route on seeded data, by spec URL. */
async function sampleQueries(page: Page, loggedIn: boolean): Promise<Record<string, string>> {
  const token = loggedIn ? String((await storedSession(page))?.token ?? '') : ''
  const get = async <T>(path: string): Promise<T | null> =>
    token ? ((await (await page.request.get(path, { headers: { token } })).json()).data as T) : null
  type Rows<T> = { data: T[] }
  const notices = await get<Rows<{ id: number }>>('/api/pc/messageList?pageNum=1&pageSize=1')
  const orders = await get<Rows<{ id: number; orderCode: string; status: number }>>(
    '/api/pc/getOrder?pageNum=1&pageSize=20',
  )
  const workOrders = await get<Rows<{ id: number }>>(
    '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=1',
  )
  const order = orders?.data[0]
  return {
    '/agreement': '?name=privacy',
    '/activation': '?activeCode=not-a-code',
    '/customer': '?userId=1&accountId=1',
    '/evaluate': '?uuId=5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d04',
    '/noticesDetail': `?id=${notices?.data[0]?.id ?? 1}`,
    '/orderdetails': `?detailId=${order?.id ?? 1}&type=1`,
    '/order': '?SkuId=SKU-SITE-STD',
    '/orderByPlay': `?orderCode=${order?.orderCode ?? ''}`,
    '/payforsuccess': `?orderCode=${order?.orderCode ?? ''}`,
    '/failure': `?orderCode=${order?.orderCode ?? ''}`,
    '/workOrderDetail': `?id=${workOrders?.data[0]?.id ?? 1}`,
  }
}

/** The blocking violations on the page as it is now, one line each. */
async function blockingViolations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${label} ${v.id} (${v.impact}) ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    )
}

async function check(page: Page, route: RouteDef, query: string, found: string[]) {
  await page.goto(`${route.path}${query}`)
  await page.waitForLoadState('networkidle')
  // Loading indicators give way to the page's content (or its empty / error state).
  await expect(page.locator('.page-loading')).toHaveCount(0)
  found.push(...(await blockingViolations(page, route.path)))
}

test.describe('accessibility: no serious or critical axe violations on any route', () => {
  test.setTimeout(240_000)

  test('public routes, logged out', async ({ page }) => {
    const found: string[] = []
    const queries = await sampleQueries(page, false)
    for (const route of ROUTES.filter((r) => r.public))
      await check(page, route, queries[route.path] ?? '', found)
    expect(found).toEqual([])
  })

  test('console routes, logged in as the demo main account', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const found: string[] = []
    const queries = await sampleQueries(page, true)
    for (const route of ROUTES.filter((r) => !r.public))
      await check(page, route, queries[route.path] ?? '', found)
    expect(found).toEqual([])
  })
})
