import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { loginAs, MAIN_PHONE } from './support/console'

// The /evaluate survey (doc2 §2 Evaluation, §4, §5, §8; account-area §2: public, no idle logout),
// on the seeded surveys (server/seed/evaluations.ts EVALUATION_DEMO). Each viewport fills in a
// survey of its own, so the desktop and phone runs never share state.
const SURVEY = {
  desktop: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d01',
  mobile: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d02',
  submitted: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d04',
  expired: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d05',
}

const openSurvey = async (page: Page, uuId: string) => {
  await page.goto(`/evaluate?uuId=${uuId}`)
  await expect(page.getByRole('heading', { name: '购买体验满意度调查' })).toBeVisible()
}
const field = (page: Page, index: number) =>
  page.locator(`input[name="survey-${index}"], textarea[name="survey-${index}"]`)
const messages = (page: Page) => page.getByRole('form', { name: '评价问卷' }).getByRole('alert')

test.describe('evaluation survey (doc2 §2 Evaluation)', () => {
  test('shows every item type, the required messages, submits once; then the link says only 已评价', async ({
    page,
  }, testInfo) => {
    const uuId = testInfo.project.name === 'mobile' ? SURVEY.mobile : SURVEY.desktop
    await openSurvey(page, uuId)
    await expect(page).toHaveURL(/\/evaluate\?uuId=/)
    await expect(
      page.getByRole('heading', { name: '感谢您的购买，请花一分钟告诉我们您的感受' }),
    ).toBeVisible()
    await expect(page.getByRole('radiogroup', { name: '整体评分' }).getByRole('radio')).toHaveCount(5)
    await expect(field(page, 5)).toHaveAttribute('placeholder', '请输入')

    await page.getByRole('button', { name: '提交', exact: true }).click()
    await expect(messages(page)).toHaveText(['请选择', '请选择', '请选择', '此处为必填项，您尚未填写。'])

    await page.getByRole('radio', { name: '4星' }).click()
    await page.getByRole('radio', { name: '满意', exact: true }).click()
    await page.getByRole('checkbox', { name: '访问速度' }).click()
    await page.getByRole('checkbox', { name: '价格' }).click()
    await field(page, 5).fill('朋友推荐')
    await field(page, 6).fill('希望模板更多')
    await expect(messages(page)).toHaveCount(0)
    await page.getByRole('button', { name: '提交', exact: true }).click()
    await expect(page.getByText('评价成功！')).toBeVisible()

    // Without the account's session the link no longer shows the answers.
    const rated = page.getByRole('status').filter({ hasText: '已评价' })
    await expect(rated).toContainText('感谢您的评价！')
    await page.reload()
    await expect(rated).toBeVisible()
    await expect(page.getByRole('radio', { name: '4星' })).toHaveCount(0)

    // The account's own session reads them, read-only.
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await openSurvey(page, uuId)
    const done = page.getByRole('button', { name: '已提交' })
    await expect(done).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('radio', { name: '4星' })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('checkbox', { name: '价格' })).toHaveAttribute('aria-checked', 'true')
    await expect(field(page, 5)).toHaveValue('朋友推荐')
    await expect(field(page, 6)).toHaveValue('希望模板更多')
    // Read-only: a click (forced past the disabled state) changes nothing.
    await page.getByRole('radio', { name: '一般' }).click({ force: true })
    await expect(page.getByRole('radio', { name: '一般' })).toHaveAttribute('aria-checked', 'false')
  })

  test('shows a submitted survey as 已评价 to the link, and read-only to the account', async ({ page }) => {
    await page.goto(`/evaluate?uuId=${SURVEY.submitted}`)
    await expect(page.getByRole('status').filter({ hasText: '已评价' })).toContainText('感谢您的评价！')
    await expect(page.getByRole('radio')).toHaveCount(0)

    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await openSurvey(page, SURVEY.submitted)
    await expect(page.getByRole('button', { name: '已提交' })).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('radio', { name: '满意', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(page.getByRole('button', { name: '提交', exact: true })).toHaveCount(0)
  })

  for (const [label, uuId] of [
    ['an expired link', SURVEY.expired],
    ['an unknown link', '00000000-0000-4000-8000-000000000000'],
  ]) {
    test(`shows 链接已失效 in the page for ${label}, and it stays`, async ({ page }) => {
      await page.goto(`/evaluate?uuId=${uuId}`)
      const expired = page.getByRole('alert').filter({ hasText: '链接已失效' })
      await expect(expired).toBeVisible()
      await page.waitForTimeout(2000)
      await expect(expired).toBeVisible()
      await expect(page).toHaveURL(/\/evaluate\?uuId=/)
    })
  }

  test('the order list hides 评价 for a rated order', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/orderlist')
    const desktop = (page.viewportSize()?.width ?? 0) >= 750
    await expect(page.getByRole(desktop ? 'table' : 'list', { name: '订单列表' })).toBeVisible()
    const actions = (code: string) => page.getByRole('group', { name: `订单 ${code} 操作` })
    // Phones show 5 cards at a time.
    for (let i = 0; i < 5 && !desktop && !(await actions('MC202611000005').count()); i++) {
      const shown = await page.getByRole('listitem').count()
      await page.getByRole('button', { name: '加载更多' }).click()
      await expect.poll(() => page.getByRole('listitem').count()).toBeGreaterThan(shown)
    }
    await expect(actions('MC202611000004').getByRole('button', { name: '评价' })).toBeVisible()
    await expect(actions('MC202611000005')).toBeVisible()
    await expect(actions('MC202611000005').getByRole('button', { name: '评价' })).toHaveCount(0)
  })
})
