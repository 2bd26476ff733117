import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  activeDialog,
  addSubAdmin,
  freshPhone,
  loginAs,
  MAIN_PHONE,
  openAccountMenu,
  recordToasts,
  requestSmsCode,
  shown,
  smsCode,
  storedSession,
  toastsSeen,
} from './support/console'

// account-area §2 sub-account list, activation page; §4 activation; §6 roles; §8 texts.

async function openSubAccountManage(page: Page) {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  const menu = await openAccountMenu(page)
  await menu.getByRole('menuitem', { name: '子账号管理' }).click()
  await expect(page).toHaveURL(/\/subAccountManage$/)
  await expect(page.getByRole('button', { name: '新增子管理员' })).toBeVisible()
}

/** The activation link the dev outbox holds for a recipient (the e-mail, like a person would read it). */
async function activationLink(page: Page, mailbox: string): Promise<string> {
  const body = await (await page.request.get(`/__dev/mail?to=${encodeURIComponent(mailbox)}`)).json()
  expect(body.code).toBe(200)
  return body.data[0].link as string
}

test.describe('sub-accounts (account-area §2, §4, §6)', () => {
  test('the main account adds a sub-admin, who activates by SMS and sees the restricted header', async ({
    page,
  }) => {
    const phone = freshPhone()
    const name = `子管${phone.slice(-4)}`
    const mailbox = `sub${phone}@example.cn`
    await openSubAccountManage(page)
    await addSubAdmin(page, name, phone, mailbox)
    await expect(page.getByText(name)).toBeVisible()

    const link = await activationLink(page, mailbox)
    expect(link).toMatch(/^\/activation\?activeCode=/)
    await page.goto(link)
    const form = page.getByRole('form', { name: '子管理员激活' })
    await expect(form.getByLabel('手机号')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)
    await requestSmsCode(page, form)
    await form.locator('input[name="activation-code"]').fill(await smsCode(page.request, phone))
    await recordToasts(page)
    await form.getByRole('button', { name: '确认激活' }).click()

    await expect(page).toHaveURL(/\/index$/)
    await expect.poll(() => toastsSeen(page)).toContain('激活成功')
    await expect.poll(async () => (await storedSession(page))?.role).toBe(1)
    await expect(page.getByRole('banner')).toContainText('产品管理')
    await expect(page.getByRole('banner')).not.toContainText('订单管理')
    const menu = await openAccountMenu(page)
    await expect(menu).toContainText(name)
    await expect(menu).toContainText('子管理员')
    // 子账号管理 opens read-only for a sub-admin (account-area §6).
    await expect(menu.getByRole('menuitem', { name: '子账号管理' })).toHaveCount(1)

    // The same link again, signed out: already active, then /login after 1 s. (Signed in, the
    // guard would take /login on to /index.)
    await page.evaluate(() => localStorage.clear())
    await page.goto(link)
    await expect(shown(page, '当前账户已被激活，请直接进行登录！').first()).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
  })

  test('deleting a sub-admin asks first and removes it', async ({ page }) => {
    const phone = freshPhone()
    const name = `待删${phone.slice(-4)}`
    await openSubAccountManage(page)
    await addSubAdmin(page, name, phone, `del${phone}@example.cn`)
    await expect(page.getByText(name)).toBeVisible()

    await page.getByRole('button', { name: `删除 ${name}` }).click()
    const confirm = activeDialog(page)
    await expect(confirm).toContainText('您确定要删除该账号吗？删除后，该账号无权对您的网站进行管理。')
    await confirm.getByText('取消', { exact: true }).click()
    await expect(page.getByText(name)).toBeVisible()

    await page.getByRole('button', { name: `删除 ${name}` }).click()
    await activeDialog(page).getByText('确定', { exact: true }).click()
    await expect(shown(page, '删除成功！')).toBeVisible()
    await expect(page.getByText(name)).toHaveCount(0)
  })

  test('a bad activation link says 非法参数', async ({ page }) => {
    await page.goto('/activation?activeCode=not-a-code')
    await expect(shown(page, '非法参数')).toBeVisible()
  })

  // The seed's first account is 星辰科技 (陈经理, with a QR), the second 云帆贸易 (刘经理, none).
  test('the customer page shows the manager’s QR and downloads the card as a PNG', async ({ page }) => {
    await page.goto('/customer?userId=1&accountId=1')
    await expect(shown(page, '陈经理')).toBeVisible()
    await expect(page.getByLabel('企业微信二维码')).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: '生成名片' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('客户经理名片.png')
    const png = await file.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of png) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).subarray(1, 4).toString()).toBe('PNG')

    await page.goto('/customer?userId=2&accountId=2')
    await expect(shown(page, '当前客服尚未绑定企微')).toBeVisible()
  })
})
