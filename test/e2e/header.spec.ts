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
