import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, registerViaApi } from './support/console'

// Layout details users met (issue "As users meet it"), measured in the browser at 1366 and 375 px:
// /evaluate's way back and its light empty stars, the product-transfer card centred in its column,
// the promo's buttons on one line, and SMS code placeholders shown whole.

/** An open demo survey no other spec answers (server/seed/evaluations.ts EVALUATION_DEMO.open). */
const OPEN_SURVEY = '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d03'

/** Relative luminance (WCAG) of a computed `rgb(…)` colour: 0 black … 1 white. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

const starColour = (star: Locator) => star.evaluate((el) => getComputedStyle(el, '::before').color)

/** Whether the input's placeholder fits inside its text box (not cut at the right edge). */
const placeholderFits = (input: Locator) =>
  input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el)
    const probe = document.createElement('span')
    probe.textContent = el.placeholder
    probe.style.font = style.font
    probe.style.letterSpacing = style.letterSpacing
    probe.style.position = 'absolute'
    probe.style.whiteSpace = 'nowrap'
    document.body.appendChild(probe)
    const needed = probe.getBoundingClientRect().width
    probe.remove()
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return { placeholder: el.placeholder, needed: Math.ceil(needed), room, fits: needed <= room + 0.5 }
  })

async function expectWholePlaceholder(input: Locator) {
  await expect(input).toBeVisible()
  const measured = await placeholderFits(input)
  expect(measured.placeholder).toBe('请输入短信验证码')
  expect(measured, `placeholder needs ${measured.needed}px, has ${measured.room}px`).toMatchObject({
    fits: true,
  })
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

test.describe('/evaluate', () => {
  test('has the console brand and a visible 返回; empty stars are light, chosen ones are not', async ({
    page,
  }) => {
    await page.goto(`/evaluate?uuId=${OPEN_SURVEY}`)
    const banner = page.getByRole('banner')
    await expect(banner).toContainText('会员中心')
    await expect(banner.getByRole('link', { name: '‹ 返回' })).toBeVisible()

    const stars = page.getByRole('radiogroup', { name: '整体评分' }).getByRole('radio')
    await stars.nth(2).click()
    const chosen = await starColour(stars.nth(0))
    const empty = await starColour(stars.nth(4))
    // Light: close to the white card behind it, and far lighter than a chosen star.
    expect(luminance(empty)).toBeGreaterThan(0.6)
    expect(luminance(empty) - luminance(chosen)).toBeGreaterThan(0.3)

    await banner.getByRole('link', { name: '‹ 返回' }).click()
    await expect(page).not.toHaveURL(/\/evaluate/)
  })
})

test.describe('desktop layout (1366 px)', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, 'desktop layout')

  test('the product-transfer card is centred in the console column', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/productTransfer')
    const card = page.locator('.transfer')
    await expect(card.getByRole('heading', { name: '产品移交' })).toBeVisible()
    const column = await box(page.locator('.console__main'))
    const padding = await page
      .locator('.console__main')
      .evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))
    const { x, width } = await box(card)
    const left = x - (column.x + padding)
    const right = column.x + column.width - padding - (x + width)
    expect(Math.abs(left - right)).toBeLessThanOrEqual(2)
  })

  test('the three promoted products have their buttons on one line', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await loginAs(page, phone)
    const promo = page.getByRole('region', { name: '推荐产品' })
    await expect(promo).toBeVisible()
    const tops = []
    for (const name of ['自助建站', '企业官网', '定制方案']) {
      tops.push((await box(promo.getByRole('group', { name }).getByRole('button', { name: '咨询' }))).y)
    }
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1)
  })
})

test.describe('SMS code placeholders on a phone (375 px)', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, 'phone layout')

  const codeInput = (page: Page, name: string) => page.locator(`input[name="${name}"]`)

  test('the phone login shows 请输入短信验证码 whole', async ({ page }) => {
    await page.goto('/login')
    await expectWholePlaceholder(codeInput(page, 'sms-code'))
  })

  test('the product transfer’s verification shows 请输入短信验证码 whole', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/productTransfer')
    await expectWholePlaceholder(codeInput(page, 'transfer-verify-code'))
  })
})
