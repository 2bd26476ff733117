import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, registerViaApi, storedSession, SUB_PHONE } from './support/console'

// The product home (account-area §2 Home, §4 product status and home list). 星辰科技's demo
// products: page 1 is 星辰科技官网, 星辰商城 (unpaid renewal order), 星辰博客 (opening), 星辰定制项目.
const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true })

async function openHome(page: Page) {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await expect(card(page, '星辰科技官网')).toBeVisible()
}

test.describe('product home (account-area §2, §4)', () => {
  test('cards 4 at a time, with each status’s label and buttons', async ({ page }, info) => {
    await openHome(page)
    const cards = page.locator('.product-card')
    await expect(cards).toHaveCount(4)
    await expect(card(page, '星辰博客')).toContainText('开通中')
    await expect(card(page, '星辰博客')).toContainText('站点')
    for (const button of await card(page, '星辰博客').getByRole('button').all()) {
      await expect(button).toHaveAttribute('aria-disabled', 'true')
    }
    await expect(card(page, '星辰商城')).toContainText('已过期')
    await expect(card(page, '星辰商城').getByRole('button', { name: '续费' })).toBeVisible()
    await expect(card(page, '星辰商城').getByRole('button', { name: '升级' })).toHaveCount(0)

    if (info.project.name === 'desktop') {
      await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '第 2 页' }).click()
      await expect(card(page, '星辰推广站')).toBeVisible()
      await expect(card(page, '星辰科技官网')).toHaveCount(0)
      await expect(cards).toHaveCount(4)
    } else {
      await page.getByRole('button', { name: '加载更多' }).click()
      await expect(card(page, '星辰推广站')).toBeVisible()
      await expect(cards).toHaveCount(8)
    }
    await expect(card(page, '星辰推广站')).toContainText('已退款')
    await expect(card(page, '星辰推广站').getByRole('button')).toHaveText(['重新购买'])
    await expect(card(page, '星辰旧站').getByRole('button', { name: '续费' })).toHaveCount(0)
    await expect(card(page, '星辰旧站').getByRole('button', { name: '重新购买' })).toBeVisible()
  })

  test('renewal without an unpaid order goes to the confirm page', async ({ page }) => {
    await openHome(page)
    await card(page, '星辰定制项目').getByRole('button', { name: '续费' }).click()
    await expect(page).toHaveURL(/\/order\?SkuId=SKU-CUSTOM&OrderTypeId=2&secondDomain=xcproject$/)
  })

  test('renewal with an unpaid renewal order (300) goes to its payment page', async ({ page }) => {
    await openHome(page)
    // Its own pending renewal: other specs may pay or void the seeded one (MC202600000300).
    const placed = await page.request.post('/oapi/newac/GenerateOrder', {
      headers: { token: String((await storedSession(page))?.token) },
      data: {
        SkuId: 'SKU-SITE-PRO',
        OrderTypeId: 2,
        BuyCycle: 1,
        CommonParam: JSON.stringify({ secondDomain: 'xcshop' }),
      },
    })
    const orderCode = (await placed.json()).Data[0].OrderNo as string
    await card(page, '星辰商城').getByRole('button', { name: '续费' }).click()
    await expect(page).toHaveURL(new RegExp(`/orderByPlay\\?orderCode=${orderCode}$`))
  })

  test('交付中心 of a project without an address says 暂无云梦交付中心地址', async ({ page }) => {
    await openHome(page)
    await card(page, '星辰定制项目').getByRole('button', { name: '交付中心' }).click()
    await expect(page.getByText('暂无云梦交付中心地址')).toBeVisible()
  })

  test('登录后台 opens the product backend signed in', async ({ page, context }) => {
    await openHome(page)
    const backend = context.waitForEvent('page')
    await card(page, '星辰科技官网').getByRole('button', { name: '登录后台' }).click()
    const tab = await backend
    await expect(tab.getByRole('heading')).toContainText('星辰科技官网 管理后台')
  })

  test('a sub-admin without website management is told why there are no products', async ({ page }) => {
    await loginAs(page, SUB_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await expect(page.getByText('您暂无网站管理权限，请联系主账号开通')).toBeVisible()
    await expect(page.locator('.product-card')).toHaveCount(0)
  })

  test('a new account sees the three products on offer, then its purchase opening', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await loginAs(page, phone)
    await expect(page).toHaveURL(/\/index$/)
    const promo = page.getByRole('region', { name: '推荐产品' })
    for (const name of ['自助建站', '企业官网', '定制方案']) {
      await expect(promo.getByRole('group', { name })).toContainText('咨询')
      await expect(promo.getByRole('group', { name })).toContainText('了解详情')
    }

    // A paid purchase, as the payment success page would send it here (sandbox).
    const token = String((await storedSession(page))?.token)
    const secondDomain = `e2e${phone}`
    const bought = await (
      await page.request.post('/__dev/products/purchase', {
        headers: { token },
        data: { skuId: 'SKU-SITE-STD', secondDomain },
      })
    ).json()
    expect(bought.code).toBe(200)
    await page.goto(`/index?orderCode=${bought.data.orderCode}`)
    const progress = page.getByRole('status', { name: '开通进度' })
    await expect(progress).toContainText('产品开通中')
    await expect(progress).toContainText('产品已开通', { timeout: 30_000 })
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    const opened = page.locator('.product-card')
    await expect(opened).toHaveCount(1)
    await expect(opened).toContainText('有效')
    await expect(opened).toContainText(secondDomain)
  })
})
