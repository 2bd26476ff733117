import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { dismissNewNotices, loginAs, MAIN_PHONE, SUB_PHONE } from './support/console'

// 续费管理 (/renewal) and who hears its reminders (消息接收管理), against the sandbox: filters, two
// products renewed in one order and paid once, 到期不续 set in place, and the reminder job run as if
// it were another day, reaching only the sub-admin the settings name. Both projects share one
// server: each renews the same two products (they stay renewable) and runs the job on its own day.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750

/** The two demo products this spec renews: 2 and 6 days before expiry in the demo data. */
const PROJECT = '星辰定制项目 定制方案'
const BUTLER = '星辰官网代维 代维管家'
/** In its grace days, with an unpaid renewal: never choosable. */
const SHOP = '星辰商城 自助建站'
/** The product whose reminders the last test follows (renewed by other specs too: read, not assumed). */
const XINGCHEN = '星辰科技官网 企业官网'

async function openRenewal(page: Page) {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await page.goto('/renewal')
  await expect(productList(page)).toBeVisible()
}

const productList = (page: Page) =>
  page.getByRole(isDesktop(page) ? 'table' : 'list', { name: '续费产品列表' })

/** A product's row (desktop) or card (phone). */
const productItem = (page: Page, name: string) =>
  isDesktop(page)
    ? productList(page).getByRole('row').filter({ hasText: name })
    : productList(page).getByRole('listitem', { name, exact: true })

/** The expiry shown for a product, as its Beijing calendar day (YYYY-MM-DD). */
async function expiryDay(page: Page, name: string): Promise<string> {
  const text = (await productItem(page, name).textContent()) ?? ''
  return /(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}/.exec(text)![1]
}

const addDays = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

const yearsLater = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`

test('filters, then renews two products with their own cycles in one order, paid once', async ({
  page,
  context,
}) => {
  await openRenewal(page)

  // 30天内到期: only products with at most 30 days left, none expired (what is left of the demo's
  // once other tests renewed them); 已过期: 星辰商城, in its grace days.
  const daysLeft = () =>
    productList(page)
      .getByText(/^(剩余 \d+ 天|今日到期|已过期 \d+ 天)$/)
      .allTextContents()
  await page.getByRole('tab', { name: '30天内到期' }).click()
  await expect(productItem(page, SHOP)).toHaveCount(0)
  for (const label of await daysLeft()) {
    expect(label).not.toContain('已过期')
    expect(Number(/\d+/.exec(label)?.[0] ?? 0)).toBeLessThanOrEqual(30)
  }
  await page.getByRole('tab', { name: '已过期' }).click()
  await expect(productItem(page, SHOP)).toBeVisible()
  for (const label of await daysLeft()) expect(label).toMatch(/^已过期 [1-7] 天$/)
  await page.getByRole('tab', { name: '全部' }).click()
  await expect(productItem(page, XINGCHEN)).toBeVisible()

  // Nothing chosen: the page says so and sends nothing.
  await page.getByRole('button', { name: '批量续费' }).click()
  await expect(page.getByText('请选择要续费的产品')).toBeVisible()

  const before = { project: await expiryDay(page, PROJECT), butler: await expiryDay(page, BUTLER) }
  await page.getByRole('checkbox', { name: `选择 ${PROJECT}` }).click()
  await page
    .getByRole('radiogroup', { name: `续费时长 ${BUTLER}` })
    .getByRole('radio', { name: /^2年/ })
    .click()
  await expect(page.getByRole('checkbox', { name: `选择 ${BUTLER}` })).toBeChecked()
  // 9800 for a year of 定制方案 and 4000 for two of 代维管家 基础版: the server prices the order the same.
  await expect(page.getByLabel('合计金额')).toHaveText('¥13800.00')
  await page.getByRole('region', { name: '批量续费' }).getByRole('button', { name: '批量续费' }).click()

  await expect(page).toHaveURL(/\/orderByPlay\?orderCode=\d{20}$/)
  const orderCode = new URL(page.url()).searchParams.get('orderCode')!
  await expect(page.getByLabel('应付金额')).toHaveText('¥13800.00')
  await expect(page.getByRole('table', { name: '订单明细' })).toContainText('xcproject')
  await expect(page.getByRole('table', { name: '订单明细' })).toContainText('xcbutler')

  await page.getByRole('button', { name: '立即支付' }).click()
  if (isDesktop(page)) {
    const sandboxUrl = (await page
      .getByLabel('扫码支付')
      .getByLabel('支付二维码')
      .getAttribute('data-qr-value'))!
    const phone = await context.newPage()
    await phone.goto(sandboxUrl)
    await expect(phone.getByLabel('支付金额')).toHaveText('¥13800.00')
    await phone.getByRole('button', { name: '确认支付' }).click()
    await expect(phone.getByRole('status')).toHaveText('支付成功')
    await phone.close()
  } else {
    await expect(page).toHaveURL(/\/__dev\/pay\?/)
    await expect(page.getByLabel('支付金额')).toHaveText('¥13800.00')
    await page.getByRole('button', { name: '确认支付' }).click()
  }
  await expect(page).toHaveURL(new RegExp(`/payforsuccess\\?orderCode=${orderCode}$`))

  // Each product's expiry moved by its own cycle; the order list shows one order of two lines.
  await page.goto('/renewal')
  await expect(productItem(page, PROJECT)).toContainText(yearsLater(before.project, 1))
  await expect(productItem(page, BUTLER)).toContainText(yearsLater(before.butler, 2))
  await page.goto('/orderlist')
  const order = page.locator('[role="row"], [role="listitem"]').filter({ hasText: orderCode }).first()
  await expect(order).toContainText('2个产品')
  await expect(order).toContainText('已支付')
  // Each renewed product's 续费成功通知 pops up on the home once.
  await dismissNewNotices(page)
})

test('sets a product to 到期不续 in place, after a confirmation, and back', async ({ page }) => {
  await openRenewal(page)
  const item = productItem(page, XINGCHEN)
  await page.getByRole('button', { name: `设为到期不续 ${XINGCHEN}` }).click()
  const dialog = page.getByRole('alertdialog', { name: '到期不续' })
  await expect(dialog).toContainText('到期前仅在3天前提醒一次')
  await dialog.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('设置成功')).toBeVisible()
  await expect(item).toContainText('到期不续')

  await page.getByRole('tab', { name: '到期不续' }).click()
  await expect(productItem(page, XINGCHEN)).toBeVisible()
  await page.getByRole('tab', { name: '全部' }).click()
  // Back to reminders (no confirmation needed), so the next test has a product to be reminded of.
  await page.getByRole('button', { name: `恢复提醒续费 ${XINGCHEN}` }).click()
  await expect(item).toContainText('提醒后手动续费')
})

test('续费与到期 by SMS to one sub-admin only: the reminder job reaches that phone and no other', async ({
  page,
}) => {
  await openRenewal(page)
  const expiry = await expiryDay(page, XINGCHEN)

  await page.goto('/accountManage')
  await page.getByRole('button', { name: '管理' }).click()
  await page.getByRole('button', { name: '续费与到期 短信' }).click()
  const picker = page.getByRole(isDesktop(page) ? 'dialog' : 'form', { name: '续费与到期 · 短信' })
  await picker.getByRole('checkbox', { name: '账号所有者' }).uncheck()
  await picker.getByRole('checkbox', { name: '李子管' }).check()
  await picker.getByRole('button', { name: '确定' }).click()
  await expect(page.getByRole('button', { name: '续费与到期 短信' })).toContainText('李子管')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('保存成功')).toBeVisible()

  // Each project runs the job on its own day before the expiry: 15 days (desktop), 7 (phone).
  const daysBefore = isDesktop(page) ? 15 : 7
  const day = addDays(expiry, -daysBefore)
  const sentTo = async (phone: string) => {
    const answer = await (await page.request.get(`/__dev/mail?to=${phone}`)).json()
    const messages = (answer.code === 200 ? answer.data : []) as { body: string }[]
    return messages.map((message) => message.body).filter((body) => body.includes('xingchen'))
  }
  const ownerBefore = await sentTo(MAIN_PHONE)
  const subBefore = await sentTo(SUB_PHONE)
  const run = await page.request.post('/__dev/reminders/run', { data: { date: day } })
  expect(run.ok()).toBe(true)

  await expect.poll(async () => (await sentTo(SUB_PHONE)).length).toBe(subBefore.length + 1)
  expect((await sentTo(SUB_PHONE))[0]).toContain(`剩余 ${daysBefore} 天`)
  expect(await sentTo(MAIN_PHONE)).toEqual(ownerBefore)

  // The 站内信 reaches the owner whatever the SMS settings.
  await page.goto('/notices')
  await expect(page.getByText('产品即将到期提醒').first()).toBeVisible()
  await dismissNewNotices(page)
})
