import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { DEMO_PASSWORD, freshPhone, loginAs } from './support/console'

// WeChat bind / change / unbind from the account settings (account-area §2, §4, §8), completed in a
// second tab standing in for the phone: the sandbox scan page (in place of WeChat's consent page),
// then the confirmation page naming the account, where 确认 approves.
const TAKEN = '当前微信已被绑定，请使用新的微信进行扫码授权～'

const wechatRow = (page: Page) => page.getByLabel('微信', { exact: true })

async function openSettings(page: Page, phone: string) {
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index/)
  await page.goto('/accountManage')
  await expect(wechatRow(page)).toBeVisible()
}

/** Clicks `action` in the WeChat row and returns the QR's scan page URL (the scene the dialog polls). */
async function openQr(page: Page, action: string, sceneCall: string): Promise<string> {
  const scene = page.waitForResponse((r) => r.url().includes(sceneCall))
  await wechatRow(page).getByRole('button', { name: action, exact: true }).click()
  const { url } = (await (await scene).json()).data
  await expect(page.getByLabel('微信二维码')).toBeVisible()
  return url
}

/** The phone: opens the QR's page and approves, with the offered fresh openid or the bound demo one. */
async function approveOnPhone(context: BrowserContext, url: string, useBound = false) {
  const phone = await context.newPage()
  await phone.goto(url)
  if (useBound) await phone.getByRole('button', { name: /改用已绑定的微信/ }).click()
  await phone.getByRole('button', { name: '微信授权' }).click()
  await phone.getByRole('button', { name: '确认', exact: true }).click()
  await expect(phone.getByText('已确认，请回到电脑端')).toBeVisible()
  await phone.close()
}

async function unbind(page: Page) {
  await wechatRow(page).getByRole('button', { name: '解绑', exact: true }).click()
  await expect(page.getByText('解绑后将无法使用该微信扫码登录，确定解绑吗？')).toBeVisible()
  await page.locator('.at-modal').getByText('解绑', { exact: true }).click()
  await expect(page.getByText('解绑成功')).toBeVisible()
  await expect(wechatRow(page)).toContainText('未绑定')
}

test.describe('WeChat binding in the account settings', () => {
  test('13800000003 binds a WeChat by QR from a second tab, then unbinds it', async ({ page, context }) => {
    await openSettings(page, '13800000003')
    await expect(wechatRow(page)).toContainText('未绑定')

    const url = await openQr(page, '绑定', '/api/wechat/getCodeImg')
    const dialog = page.getByLabel('绑定微信')
    await expect(dialog).toHaveAttribute('data-step', '0')
    const phone = await context.newPage()
    await phone.goto(url)
    await phone.getByRole('button', { name: '微信授权' }).click()
    // The phone is shown whose account it would bind to before anything is approved.
    await expect(phone.getByText('将此微信绑定到账号 138****0003')).toBeVisible()
    await expect(dialog).toHaveAttribute('data-step', '1')
    await expect(dialog).toContainText('扫码成功，请在微信中确认授权')
    await phone.getByRole('button', { name: '确认', exact: true }).click()

    await expect(dialog).toHaveAttribute('data-step', '2')
    await expect(dialog).toContainText('绑定成功')
    await expect(dialog.getByRole('button', { name: /完成（\ds）/ })).toBeVisible()
    // The countdown closes the dialog by itself.
    await expect(dialog).toHaveCount(0, { timeout: 6000 })
    await expect(wechatRow(page)).toContainText('已绑定')

    // Logged in a moment ago: the session is fresh, no SMS re-verification is asked.
    await unbind(page)
  })

  test('changing to a WeChat that is already bound fails (3), a new one succeeds (2)', async ({
    page,
    context,
  }) => {
    const member = freshPhone()
    await page.request.post('/__dev/members', { data: { phone: member, password: DEMO_PASSWORD } })
    await openSettings(page, member)

    await approveOnPhone(context, await openQr(page, '绑定', '/api/wechat/getCodeImg'))
    await page.getByLabel('绑定微信').getByRole('button', { name: /完成/ }).click()
    await expect(wechatRow(page)).toContainText('已绑定')

    await approveOnPhone(context, await openQr(page, '更换', '/api/wechat/getBindQrAddress'), true)
    const dialog = page.getByLabel('更换微信')
    await expect(dialog).toHaveAttribute('data-step', '3')
    await expect(dialog).toContainText(TAKEN)

    // Nothing changed: the row still offers 更换, which shows a new QR.
    await dialog.getByRole('button', { name: '取消' }).click()
    await expect(dialog).toHaveCount(0)
    await approveOnPhone(context, await openQr(page, '更换', '/api/wechat/getBindQrAddress'))
    await expect(dialog).toHaveAttribute('data-step', '2')
    await expect(dialog).toContainText('修改成功')
    await expect(dialog).toContainText('您将使用新的微信进行扫码登录～')
    await dialog.getByRole('button', { name: '完成' }).click()
    await expect(wechatRow(page)).toContainText('已绑定')

    await unbind(page)
  })
})
