import { expect, test } from './support/fixtures'
import {
  expectAccount,
  loginAs,
  MAIN_PHONE,
  openAccountMenu,
  recordToasts,
  storedSession,
  SUB_PHONE,
  toastsSeen,
} from './support/console'

test.describe('common header (account-area §2)', () => {
  test('a sub-administrator sees the 子管理员 badge and no 订单管理 tab', async ({ page }) => {
    await loginAs(page, SUB_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await expect(page.getByRole('banner')).toContainText('产品管理')
    await expect(page.getByRole('banner')).not.toContainText('订单管理')
    const menu = await openAccountMenu(page)
    await expect(menu).toContainText('李子管')
    await expect(menu).toContainText('子管理员')
  })

  test('unread badges show the counts', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page.getByLabel(/^消息 \d+$/)).toBeVisible()
    await expect(page.getByLabel(/^工单 \d+$/)).toBeVisible()
  })

  test('the next page shows the badges at once, before its own counts answer', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    const notices = page.getByLabel(/^消息 \d+$/)
    await expect(notices).toBeVisible()
    const shown = (await notices.getAttribute('aria-label')) ?? ''
    // Hold the next page's count call: what shows meanwhile is what the home's poll loaded.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/pc/getUnReadCount', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/orderlist')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByLabel(shown, { exact: true })).toBeVisible()
    const answered = page.waitForResponse('**/api/pc/getUnReadCount')
    release()
    await answered
  })

  test('switching to a sub-administrator role of another account', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const menu = await openAccountMenu(page)
    await menu.getByRole('menuitem', { name: '切换账号' }).click()
    const current = page.getByLabel('账号 demo_main')
    await expect(current.getByRole('button', { name: '已选择' })).toBeVisible()
    const other = page.getByLabel('账号 demo_other')
    await expect(other).toContainText('子管理员')
    await recordToasts(page)
    await other.getByRole('button', { name: '选择' }).click()
    await expect.poll(async () => (await storedSession(page))?.role).toBe(1)
    await expect.poll(() => toastsSeen(page)).toContain('切换成功')
    await expectAccount(page, 'demo_other')
    const after = await openAccountMenu(page)
    await expect(after).toContainText('子管理员')
  })
})
