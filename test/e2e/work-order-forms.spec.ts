import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, registerViaApi } from './support/console'

// The work-order forms as users meet them: the choice after 提交工单, choosing the order a question
// is about, and the /myWorkOrder filters on a phone. Tests that submit run on a member of their own,
// so the two projects never share state; choosing an order submits nothing.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750

async function freshMember(page: Page) {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index$/)
}

/** Fills 会员账号 › 账号登录问题 (no order, no upload needed) and presses 提交; returns the dialog. */
async function submitLoginProblem(page: Page, description: string) {
  const form = page.getByRole('form', { name: '工单信息' })
  await form.getByRole('radio', { name: '账号登录问题' }).click()
  await form.locator('textarea[name="description"]').fill(description)
  await page.getByRole('button', { name: '提交', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '提交成功' })
  await expect(dialog).toContainText('已为您分配专属工程师')
  return dialog
}

test('after 提交工单: one dialog with 继续提交 or 查看工单, no toast; 继续提交 leaves a fresh form', async ({
  page,
}) => {
  await freshMember(page)
  await page.goto('/submitWorkOrder?type=3')
  const dialog = await submitLoginProblem(page, '第一张工单')
  await expect(dialog.getByRole('button')).toHaveText(['继续提交', '查看工单'])
  await expect(page.locator('.toast').filter({ hasText: '提交成功' })).toHaveCount(0)
  // What was sent stays behind the dialog until the choice.
  await expect(page.locator('textarea[name="description"]')).toHaveValue('第一张工单')

  await dialog.getByRole('button', { name: '继续提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/submitWorkOrder\?type=3$/)
  await expect(page.getByRole('radio', { name: '账号登录问题' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.locator('textarea[name="description"]')).toHaveCount(0)

  const second = await submitLoginProblem(page, '第二张工单')
  const number = (await second.textContent())?.match(/工单编号：(\d+)/)?.[1]
  await second.getByRole('button', { name: '查看工单' }).click()
  await expect(page).toHaveURL(/\/workOrderDetail\?id=\d+/)
  await expect(page.getByText(number ?? '--').first()).toBeVisible()
})

test('phone /myWorkOrder: a work order in the first screen, the filters behind 筛选 with their count', async ({
  page,
}) => {
  test.skip(isDesktop(page), 'desktop keeps the inline filter form')
  await freshMember(page)
  await page.goto('/submitWorkOrder?type=3')
  await (await submitLoginProblem(page, '手机上的工单')).getByRole('button', { name: '继续提交' }).click()

  await page.goto('/myWorkOrder')
  const firstCard = page.getByRole('list', { name: '工单列表' }).getByRole('listitem').first()
  await expect(firstCard).toContainText('手机上的工单')
  const inFirstScreen = async () => {
    const box = await firstCard.boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height)
  }
  await inFirstScreen()
  await expect(page.getByRole('search', { name: '工单筛选' })).toHaveCount(0)

  await page.getByRole('button', { name: '筛选', exact: true }).click()
  const panel = page.getByRole('search', { name: '工单筛选' })
  await panel.getByRole('radio', { name: '已分配' }).click()
  await panel.locator('input[name="description"]').fill('手机')
  await panel.getByRole('button', { name: '查询' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: '筛选（2）' })).toBeVisible()
  await expect(firstCard).toContainText('手机上的工单')
  await inFirstScreen()
})

test('咨询订单: a searchable box showing date, product and amount, usable from the keyboard', async ({
  page,
}) => {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await page.goto('/submitWorkOrder?type=2')
  await page.getByRole('radio', { name: '网站功能异常' }).click()
  const box = page.getByRole('combobox', { name: '咨询订单' })
  await expect(box).toHaveText('请选择订单')
  await expect(page.getByRole('option')).toHaveCount(0)

  await box.click()
  const list = page.getByRole('listbox', { name: '咨询订单' })
  const first = list.getByRole('option').first()
  // Code, product, date and amount; the newest may be an order another spec placed (a 20-digit code).
  await expect(first).toHaveAttribute('aria-label', /^(MC)?\d+ \S.* \d{4}-\d{2}-\d{2} ¥\d+\.\d{2}$/)
  // The list stays a bounded box, not a column of every order down the page.
  expect((await list.boundingBox())!.height).toBeLessThanOrEqual(300)

  const search = page.getByRole('textbox', { name: '搜索订单编号或产品名称' })
  await search.fill('MC202611000006')
  await expect(list.getByRole('option')).toHaveCount(1)
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect(list).toBeHidden()
  await expect(box).toContainText('MC202611000006')
  await expect(box).toContainText('¥')
})
