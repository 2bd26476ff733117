import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { activeDialog, freshPhone, loginAs, registerViaApi, shown, storedSession } from './support/console'

// 登录设备 (账户管理): two browsers logged in as one member are both listed with their device and
// city, the current one marked 本机 and not offered 退出; 退出 of the other ends it there.

async function loggedInElsewhere(browser: Browser, phone: string): Promise<Page> {
  const other = await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage()
  await loginAs(other, phone)
  await expect(other).toHaveURL(/\/index/)
  return other
}

test('two browsers listed, 本机 marked, 退出 ends the other one', async ({ page, browser }) => {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  const other = await loggedInElsewhere(browser, phone)
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index/)

  // Both browsers are the project's: headless Chromium, on the phone with an iPhone's User-Agent.
  const desktop = test.info().project.name === 'desktop'
  const label = desktop ? 'Chrome · Linux' : 'Safari · iOS'
  await page.goto('/accountManage')
  await expect(page.getByText(`上次登录：`, { exact: false })).toContainText(`· 局域网 · ${label}`)
  const section = page.locator('.setting-row[aria-label="登录设备"]')
  await section.getByRole('button', { name: '查看' }).click()

  const devices = desktop
    ? page.getByRole('table', { name: '登录设备' }).locator('[role="row"]:not(.data-table__row--head)')
    : page.getByRole('list', { name: '登录设备' }).getByRole('listitem')
  await expect(devices).toHaveCount(2)
  const mine = devices.filter({ hasText: '本机' })
  const theirs = devices.filter({ hasNotText: '本机' })
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText(label)
  await expect(mine).toContainText('局域网')
  await expect(mine.getByRole('button', { name: '退出' })).toHaveCount(0)
  await expect(theirs).toContainText(label)

  await theirs.getByRole('button', { name: '退出' }).click()
  await expect(activeDialog(page)).toContainText('该设备需重新登录')
  await activeDialog(page).getByText('退出', { exact: true }).click()
  await expect(shown(page, '已退出该设备')).toBeVisible()
  await expect(devices).toHaveCount(1)

  // The other browser's next call answers 996: it is sent to the login page.
  await other.goto('/accountManage')
  await expect(other).toHaveURL(/\/login/)
  await other.context().close()

  // The login history lists both logins.
  const history = desktop
    ? page.getByRole('table', { name: '登录记录' })
    : page.getByRole('list', { name: '登录记录' })
  await expect(history).toContainText('密码登录')
})

test('不是我 from a 账号安全提醒 ends that session and opens the password change', async ({
  page,
  browser,
}) => {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  const other = await loggedInElsewhere(browser, phone)
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index/)

  // The notice's link names the session that logged in: here, the other browser's.
  const token = String((await storedSession(page))?.token ?? '')
  const listed = await (
    await page.request.get('/api/app/account/loginDevices', { headers: { token } })
  ).json()
  const theirs = (listed.data as { id: number; current: boolean }[]).find((device) => !device.current)
  expect(theirs).toBeDefined()

  await page.goto(`/accountManage?notMe=${theirs?.id}`)
  await expect(activeDialog(page)).toContainText('将退出该次登录的设备')
  await activeDialog(page).getByText('退出并修改密码', { exact: true }).click()
  await expect(shown(page, '已退出该设备，请立即修改密码')).toBeVisible()
  await expect(page.getByRole('dialog', { name: '修改密码' })).toBeVisible()

  await other.goto('/accountManage')
  await expect(other).toHaveURL(/\/login/)
  await other.context().close()
})
