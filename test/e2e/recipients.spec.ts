import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, openAccountMenu, storedSession, SUB_PHONE } from './support/console'

// Receiver confirmation (doc2 §4, §8): recipients on 子账号管理, the confirmation link from
// the dev outbox, /validate → /success, the timeout view; a sub-admin sees 子账号管理 read-only
// (account-area §6).

const activeDialog = (page: Page) => page.locator('.at-modal--active')
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true })
const TIMEOUT = '添加超时 请重新获取验证'

async function openSubAccountManage(page: Page, phone: string) {
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index$/)
  const menu = await openAccountMenu(page)
  await menu.getByRole('menuitem', { name: '子账号管理' }).click()
  await expect(page).toHaveURL(/\/subAccountManage$/)
}

/** The newest confirmation link the dev outbox holds for a phone or mailbox. */
async function confirmationLink(page: Page, to: string): Promise<string> {
  const body = await (await page.request.get(`/__dev/mail?to=${encodeURIComponent(to)}`)).json()
  expect(body.code).toBe(200)
  return body.data[0].link as string
}

test.describe('receiver confirmation (doc2 §4)', () => {
  test('the main account adds a recipient; the SMS link confirms once, then is the timeout', async ({
    page,
  }) => {
    const phone = freshPhone()
    const name = `收${phone.slice(-4)}`
    await openSubAccountManage(page, MAIN_PHONE)
    await page.getByRole('tab', { name: '通知接收人' }).click()
    await page.getByRole('button', { name: '新增接收人' }).click()
    const form = page.getByRole('form', { name: '新增接收人' })
    await expect(form).toBeVisible()
    await form.locator('input[name="recipient-name"]').fill(name)
    await form.locator('input[name="sub-admin-mailbox"]').fill(`r${phone}@example.cn`)
    await form.locator('input[name="recipient-phone"]').fill(phone)
    await form.getByRole('combobox', { name: '职位' }).click()
    await form.getByRole('option', { name: '运营负责人' }).click()
    await activeDialog(page).getByRole('button', { name: '确定' }).click()
    await expect(shown(page, '新增成功')).toBeVisible()
    await expect(page.getByText(name)).toBeVisible()

    const link = await confirmationLink(page, phone)
    expect(link).toMatch(/^\/validate\?id=[\w-]{43}&validateType=1&effectiveTime=\d+$/)
    await page.goto(link)
    await expect(page).toHaveURL(/\/success$/)
    await expect(shown(page, '验证成功')).toBeVisible()

    await page.goto(link)
    await expect(shown(page, TIMEOUT)).toBeVisible()
    await expect(page).toHaveURL(/\/validate\?/)

    await page.goto('/subAccountManage')
    await page.getByRole('tab', { name: '通知接收人' }).click()
    const row = page.locator('[role="row"], [role="listitem"]').filter({ hasText: name })
    await expect(row).toContainText('短信已验证')
    await expect(row).toContainText('邮箱待验证')
  })

  test('an expired link (seeded, by the server’s clock) is the timeout view', async ({ page }) => {
    const link = await confirmationLink(page, '13800000022')
    await page.goto(link)
    await expect(shown(page, TIMEOUT)).toBeVisible()
  })

  test('/uesrfrom shows the invitation and confirms only on 确认接收', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const phone = freshPhone()
    const token = String((await storedSession(page))?.token)
    const added = await page.request.post('/api/pc/addRecipient', {
      headers: { token },
      data: { fullName: '表单确认', mailbox: `f${phone}@example.cn`, bingPhone: phone, position: '1' },
    })
    expect((await added.json()).code).toBe(200)
    const link = await confirmationLink(page, `f${phone}@example.cn`)
    await page.goto(link.replace('/validate?', '/uesrfrom?'))
    const form = page.getByRole('form', { name: '接收人确认' })
    await expect(form).toContainText('星辰科技')
    await expect(form).toContainText(`f${phone.slice(0, 1)}***@example.cn`)
    await form.getByRole('button', { name: '确认接收' }).click()
    await expect(page).toHaveURL(/\/success$/)
  })

  test('a sub-admin opens 子账号管理 read-only', async ({ page }) => {
    await openSubAccountManage(page, SUB_PHONE)
    await expect(page.getByText('子管理员仅可查看，如需修改请联系主账号')).toBeVisible()
    const toggle = page.getByRole('switch', { name: '赵运营 网站管理' })
    await expect(toggle).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('button', { name: '新增子管理员' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(编辑|删除) / })).toHaveCount(0)
    await page.getByRole('tab', { name: '通知接收人' }).click()
    // Recipients the other tests added come first: any row will do.
    await expect(
      page.locator('[role="row"], [role="listitem"]').filter({ hasText: '验证' }).first(),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: '新增接收人' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(编辑|删除|重发短信|重发邮件) / })).toHaveCount(0)
  })
})
