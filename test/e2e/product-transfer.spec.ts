import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  freshPhone,
  loginAs,
  MAIN_PHONE,
  openAccountMenu,
  registerViaApi,
  requestSmsCode,
  smsCode,
} from './support/console'

// Product transfer (account-area §2, §4, §5, §9) between two main accounts, and the product agreement
// linked from the confirm-order page (doc2 §2 "Other"), on the desktop and the phone layout.

async function logOut(page: Page) {
  const menu = await openAccountMenu(page)
  await menu.getByRole('menuitem', { name: '退出登录' }).click()
  await page.getByText('确定', { exact: true }).click()
  await expect(page).toHaveURL(/\/login/)
}

test('a main account moves a product to another main account, which then has it on /index', async ({
  page,
}) => {
  const sender = freshPhone()
  const receiver = freshPhone()
  await registerViaApi(page.request, sender)
  await registerViaApi(page.request, receiver)
  const domain = `tr${Date.now().toString(36)}`
  const given = await page.request.post('/__dev/transferProduct', {
    data: { phone: sender, secondDomain: domain },
  })
  expect((await given.json()).code).toBe(200)

  await loginAs(page, sender)
  await expect(page).toHaveURL(/\/index/)
  await expect(page.getByText(`${domain}官网`)).toBeVisible()
  await page.goto('/accountManage')
  await page.getByRole('button', { name: '去移交' }).click()
  await expect(page).toHaveURL(/\/productTransfer/)
  // Opened again on its own: every page kept in H5's stack hosts a slider overlay that loads its own
  // puzzle, and requestSmsCode reads the first puzzle the server hands out.
  await page.goto('/productTransfer')

  // Step 1: the code sent to the bound phone (slider first).
  const verify = page.getByRole('form', { name: '安全验证' })
  await verify.getByRole('button', { name: '下一步' }).click()
  await expect(verify.getByText('请输入短信验证码')).toBeVisible()
  await requestSmsCode(page, verify)
  await verify.locator('input[name="transfer-verify-code"]').fill(await smsCode(page.request, sender))
  await verify.getByRole('button', { name: '下一步' }).click()

  // Step 2: within the 30 s the verification holds.
  const products = page.getByRole('list', { name: '可移交的产品' })
  await expect(products).toBeVisible()
  await expect(page.getByRole('timer')).toContainText('秒内选择要移交的产品')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('您尚未选择移交的产品')).toBeVisible()
  await products.getByRole('checkbox', { name: `企业官网 ${domain}` }).click()
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 3: the receiving phone and its own code.
  const bind = page.getByRole('form', { name: '绑定新手机' })
  await expect(bind).toBeVisible()
  await bind.getByRole('button', { name: '确认转移' }).click()
  await expect(bind.getByText('请输入新手机号码')).toBeVisible()
  await bind.locator('input[name="transfer-phone"]').fill(receiver)
  await requestSmsCode(page, bind)
  await bind.locator('input[name="transfer-code"]').fill(await smsCode(page.request, receiver))
  await bind.getByRole('button', { name: '确认转移' }).click()
  const ask = page.locator('.at-modal--active')
  await expect(ask).toContainText('转移后，当前账号将无法管理这些产品')
  await ask.getByText('确定', { exact: true }).click()
  await expect(page.getByText('产品转移成功')).toBeVisible()
  await expect(page).toHaveURL(/\/accountManage/)

  // The sender's home no longer has it; the receiver's has.
  await page.goto('/index')
  // Its only product gone, the home promotes products instead (account-area §2 empty state).
  await expect(page.getByRole('region', { name: '推荐产品' })).toBeVisible()
  await expect(page.getByText(`${domain}官网`)).toHaveCount(0)
  await logOut(page)
  await loginAs(page, receiver)
  await expect(page).toHaveURL(/\/index/)
  await expect(page.getByText(`${domain}官网`)).toBeVisible()
})

test('the confirm-order page asks for and links the product agreement', async ({ page }) => {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index/)
  await page.goto('/order?SkuId=SKU-ENT-WEB&OrderTypeId=2&secondDomain=xingchen')
  await page.getByRole('button', { name: '提交订单' }).click()
  await expect(page.getByText('请先阅读并同意协议')).toBeVisible()
  await expect(page).toHaveURL(/\/order\?/)
  await page.getByRole('link', { name: '《企业官网服务协议》' }).click()
  await expect(page).toHaveURL(/\/agreement\?name=/)
  await expect(page.getByRole('article', { name: '企业官网服务协议' })).toBeVisible()
  await expect(page.getByText('一、服务内容')).toBeVisible()

  await page.goto('/agreement?name=not-sold-here')
  await expect(page.getByRole('alert', { name: '协议不存在' })).toContainText('not-sold-here')
})
