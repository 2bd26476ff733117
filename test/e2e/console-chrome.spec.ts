import { expect, test } from './support/fixtures'
import { loginAs, MAIN_PHONE, openAccountMenu } from './support/console'
import type { Page } from '@playwright/test'

// The console's chrome on H5, desktop and phone (doc2 §2 "Other"): the footer's privacy link, the
// help widget, and 修改密码 in the header's account menu.

async function followPrivacyLink(page: Page) {
  const link = page.getByRole('contentinfo').getByRole('link', { name: '隐私政策' })
  await expect(link).toHaveAttribute('href', '/agreement?name=privacy')
  await link.click()
  await expect(page).toHaveURL(/\/agreement\?name=privacy$/)
  await expect(page.getByRole('article', { name: '隐私政策' })).toContainText('一、我们收集的信息')
}

test.describe('footer with the copyright and the privacy policy', () => {
  test('from /login', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('contentinfo')).toContainText('© 2026 会员中心')
    await followPrivacyLink(page)
  })

  test('from /index', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await expect(page.getByRole('contentinfo')).toContainText('© 2026 会员中心')
    await followPrivacyLink(page)
  })

  test('on the public pages', async ({ page }) => {
    for (const path of ['/evaluate?uuId=unknown', '/validate?id=unknown&validateType=1', '/activation']) {
      await page.goto(path)
      await expect(page.getByRole('contentinfo')).toContainText('© 2026 会员中心')
    }
    await page.goto('/agreement')
    await followPrivacyLink(page)
  })
})

// The app mounts without Taro's navigation bar (taro-patches/h5-router.js): no page shows one, and the
// router's handler still names each page in the tab's title, on the first load and on navigation.
test('each page names itself in the title, with no navigation bar', async ({ page }) => {
  await page.goto('/login')
  await expect(page).toHaveTitle('登录')
  await expect(page.locator('#taro-navigation-bar')).toHaveCount(0)
  await followPrivacyLink(page)
  await expect(page).toHaveTitle('服务协议')
  await page.goBack()
  await expect(page).toHaveTitle('登录')
})

test.describe('help widget on console pages', () => {
  test('opens with the product QR code and online customer service', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await expect(page.getByRole('dialog', { name: '帮助' })).toHaveCount(0)
    const help = page.getByRole('button', { name: '帮助' })
    await expect(help).toHaveAttribute('aria-expanded', 'false')
    await help.click()
    await expect(help).toHaveAttribute('aria-expanded', 'true')
    const widget = page.getByRole('dialog', { name: '帮助' })
    const qr = widget.getByLabel('产品二维码')
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('data-qr-value', /^https?:\/\//)
    const chat = widget.getByRole('link', { name: '在线客服' })
    await expect(chat).toBeVisible()
    await expect(chat).toHaveAttribute('href', /\/chat\?memberId=\d+$/)
    await expect(chat).toHaveAttribute('target', '_blank')
  })

  test('the keyboard opens and closes it', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the side widget of desktop browsers')
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const help = page.getByRole('button', { name: '帮助' })
    await help.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: '帮助' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: '帮助' })).toHaveCount(0)
  })
})

test.describe("the header's change-password entry (doc2 §2 Other)", () => {
  test('opens the password dialog of the account area', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const menu = await openAccountMenu(page)
    await menu.getByRole('menuitem', { name: '修改密码' }).click()
    const dialog = page.getByRole('dialog', { name: '修改密码' })
    await expect(dialog).toBeVisible()
    // Each field is named by its title; the placeholder says what to type.
    await expect(dialog.getByRole('textbox', { name: '当前密码' })).toHaveAttribute(
      'placeholder',
      '请输入当前密码',
    )
    await expect(dialog.getByRole('textbox', { name: '新密码' })).toHaveAttribute(
      'placeholder',
      '请输入登录密码',
    )
    await dialog.getByRole('button', { name: '取消' }).click()
    await expect(page.getByRole('dialog', { name: '修改密码' })).toHaveCount(0)
  })
})
