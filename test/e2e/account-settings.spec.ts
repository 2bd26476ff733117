import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  DEMO_PASSWORD,
  freshPhone,
  loginAs,
  openAccountMenu,
  openPasswordTab,
  registerViaApi,
  requestSmsCode,
  smsCode,
  submitLogin,
} from './support/console'

// Account settings (account-area §2, §4, §5): on the desktop and the phone layout alike.
const NEW_PASSWORD = 'Better#2026'

async function openAccountSettings(page: Page, phone: string) {
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index/)
  await page.goto('/accountManage')
  await expect(page.locator('[aria-label="安全设置"]')).toBeVisible()
}

const row = (page: Page, label: string) => page.locator(`.setting-row[aria-label="${label}"]`)

async function logOut(page: Page) {
  const menu = await openAccountMenu(page)
  await menu.getByRole('menuitem', { name: '退出登录' }).click()
  await page.getByText('确定', { exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
}

test('change the password, then log in with the new one', async ({ page }) => {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await openAccountSettings(page, phone)

  await row(page, '登录密码').getByRole('button', { name: '修改' }).click()
  const dialog = page.getByRole('dialog', { name: '修改密码' })
  await dialog.getByRole('button', { name: '确定' }).click()
  await expect(dialog.getByText('请输入当前密码')).toBeVisible()

  await dialog.locator('input[name="old-password"]').fill(DEMO_PASSWORD)
  await dialog.locator('input[name="new-password"]').fill(NEW_PASSWORD)
  await dialog.locator('input[name="new-password-again"]').fill('Other#2026')
  await dialog.getByRole('button', { name: '确定' }).click()
  await expect(dialog.getByText('两次密码不一致，请重新输入')).toBeVisible()

  await dialog.locator('input[name="new-password-again"]').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('修改成功')).toBeVisible()
  await expect(dialog).toBeHidden()

  // After logging out: the old password is refused, the new one logs in.
  await logOut(page)
  await submitLogin(page, phone, DEMO_PASSWORD, await openPasswordTab(page))
  await expect(page.getByText('请输入正确的密码')).toBeVisible()
  await page.reload()
  await submitLogin(page, phone, NEW_PASSWORD, await openPasswordTab(page))
  await expect(page).toHaveURL(/\/index/)
})

test('login mask: the current address is offered; empty, bad and duplicate entries are refused and cleared', async ({
  page,
}) => {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await openAccountSettings(page, phone)

  const mask = page.locator('.login-mask')
  await expect(mask.getByText('您当前的IP：127.0.0.1')).toBeVisible()
  await mask.getByRole('switch', { name: '登录掩码开关' }).click()
  await expect(mask.locator('input[name="mask-0"]')).toHaveValue('127.0.0.1')

  await mask.getByRole('button', { name: '添加IP' }).click()
  const added = mask.locator('input[name="mask-1"]')
  await mask.getByRole('button', { name: '保存' }).click()
  await expect(mask.getByText('请输入登录掩码')).toBeVisible()

  await added.fill('10.0.0')
  await mask.getByRole('button', { name: '保存' }).click()
  await expect(mask.getByText('登录掩码格式有误')).toBeVisible()
  await expect(added).toHaveValue('')

  await added.fill('127.0.0.1')
  await mask.getByRole('button', { name: '保存' }).click()
  await expect(mask.getByText('登录掩码重复')).toBeVisible()
  await expect(added).toHaveValue('')

  await added.fill('10.0.0.8')
  await mask.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('保存成功')).toBeVisible()
  await expect(mask.getByText('仅允许 127.0.0.1、10.0.0.8 登录')).toBeVisible()
  await expect(mask.getByRole('switch', { name: '登录掩码开关' })).toHaveAttribute('aria-checked', 'true')

  // Still logs in from here (loopback is on the list).
  await logOut(page)
  await submitLogin(page, phone, DEMO_PASSWORD, await openPasswordTab(page))
  await expect(page).toHaveURL(/\/index/)
})

test('a sub-admin sees neither the login mask nor the referral code, and cannot edit the member account', async ({
  page,
}) => {
  await openAccountSettings(page, '13800000002')
  await expect(page.locator('.login-mask')).toHaveCount(0)
  await expect(row(page, '推荐码')).toHaveCount(0)
  await row(page, '账号名称').getByRole('button', { name: '编辑' }).click()
  await expect(page.locator('input[name="member-account"]')).toBeDisabled()
})

test('a session opened by an entry link re-verifies by SMS before a sensitive change, then the change goes through', async ({
  page,
}) => {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  const entry = await (await page.request.post('/__dev/entryToken', { data: { phone } })).json()
  await page.goto(`/accountManage?token=${entry.data.token}`)
  await expect(page.locator('[aria-label="安全设置"]')).toBeVisible()

  await row(page, '邮箱').getByRole('button', { name: '绑定' }).click()
  const emailDialog = page.getByRole('dialog', { name: '绑定邮箱' })
  await emailDialog.locator('input[name="mailbox"]').fill('owner@example.cn')
  await emailDialog.getByRole('button', { name: '确定' }).click()

  const verify = page.getByRole('dialog', { name: '安全验证' })
  await expect(verify.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`, { exact: false })).toBeVisible()
  await requestSmsCode(page, verify)
  await verify.locator('input[name="reverify-code"]').fill(await smsCode(page.request, phone))
  await verify.getByRole('button', { name: '确定' }).click()

  await expect(page.getByText('保存成功')).toBeVisible()
  await expect(row(page, '邮箱').getByText('o***@example.cn')).toBeVisible()
})
