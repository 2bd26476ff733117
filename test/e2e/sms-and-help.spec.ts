import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, requestSmsCode, solveSmsSlider } from './support/console'

const WAITING = /^(\d+)s后重新获取$/
const TOO_SOON = '发送过于频繁，请60秒后再试'

async function smsLoginForm(page: Page, phone: string): Promise<Locator> {
  await page.getByRole('tab', { name: '短信登录' }).click()
  const form = page.getByLabel('短信登录')
  await form.locator('input[name="sms-phone"]').fill(phone)
  return form
}

/** The seconds a waiting 获取验证码 shows. */
async function secondsShown(form: Locator): Promise<number> {
  const text = await form.getByRole('button', { name: WAITING }).innerText()
  return Number(WAITING.exec(text.trim())?.[1])
}

test.describe('the 60 s SMS wait (issue: 获取验证码 after a reload)', () => {
  test('a reload inside the wait still counts down, and a click asks for no slider', async ({ page }) => {
    const phone = freshPhone()
    await page.goto('/login')
    await requestSmsCode(page, await smsLoginForm(page, phone))

    await page.reload()
    const form = await smsLoginForm(page, phone)
    const waiting = form.getByRole('button', { name: WAITING })
    await expect(waiting).toBeVisible()
    expect(await secondsShown(form)).toBeLessThanOrEqual(60)
    let puzzles = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/app/genCaptcha')) puzzles++
    })
    // The button is aria-disabled while it waits: click it anyway, as a thumb would.
    await waiting.click({ force: true })
    await page.waitForTimeout(500)
    await expect(page.getByRole('slider')).toHaveCount(0)
    expect(puzzles).toBe(0)
    // Another phone typed in the same form has no wait of its own.
    await form.locator('input[name="sms-phone"]').fill(freshPhone())
    await expect(form.getByRole('button', { name: '获取验证码' })).toBeVisible()
  })

  test('a browser that does not know of the wait counts down what the server says is left', async ({
    page,
    browser,
    baseURL,
  }) => {
    const phone = freshPhone()
    await page.goto('/login')
    await requestSmsCode(page, await smsLoginForm(page, phone))

    const other = await browser.newContext({ baseURL, viewport: page.viewportSize() })
    try {
      const elsewhere = await other.newPage()
      await elsewhere.goto('/login')
      const form = await smsLoginForm(elsewhere, phone)
      const refusal = elsewhere.waitForResponse((r) => r.url().includes('/sendSmsCode'))
      await solveSmsSlider(elsewhere, form)
      const body = await (await refusal).json()
      expect(body).toMatchObject({ code: 429, message: TOO_SOON, data: { retryAfter: expect.any(Number) } })
      expect(body.data.retryAfter).toBeGreaterThan(0)
      expect(body.data.retryAfter).toBeLessThanOrEqual(60)
      await expect(elsewhere.getByText(TOO_SOON).first()).toBeVisible()
      await expect(form.getByRole('button', { name: WAITING })).toBeVisible()
      expect(await secondsShown(form)).toBeLessThanOrEqual(body.data.retryAfter)
    } finally {
      await other.close()
    }
  })
})

/**
 * Scrolls the shown page (Taro's page element scrolls on H5, not the window) down by `step` px;
 * answers whether it was at the end already.
 */
async function scrollDown(page: Page, step: number): Promise<boolean> {
  const atEnd = await page.evaluate((by) => {
    const scroller = document.querySelector<HTMLElement>('.taro_page_show') ?? document.documentElement
    const end = scroller.scrollHeight - scroller.clientHeight
    const wasAtEnd = scroller.scrollTop >= end - 1
    scroller.scrollTop += by
    return wasAtEnd
  }, step)
  await page.waitForTimeout(150)
  return atEnd
}

/** What the floating 帮助 button covers: shown buttons and links, and shown amounts (¥…, 实付金额). */
async function coveredByHelp(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const help = [...document.querySelectorAll('.help__fab')].find((button) => button.checkVisibility())
    const fab = help!.getBoundingClientRect()
    const overlaps = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < fab.right &&
      r.right > fab.left &&
      r.top < fab.bottom &&
      r.bottom > fab.top
    const covered: string[] = []
    for (const action of document.querySelectorAll('button, [role="button"], a[href]')) {
      if (action.closest('.help') || !action.checkVisibility()) continue
      if (overlaps(action.getBoundingClientRect())) covered.push(`action: ${action.textContent?.trim()}`)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      if (!/¥|实付金额|\d+\.\d{2}/.test(text) || !node.parentElement?.checkVisibility()) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      if ([...range.getClientRects()].some((r) => overlaps(r as DOMRect)))
        covered.push(`amount: ${text.trim()}`)
    }
    return covered
  })
}

test.describe('the floating 帮助 button on a phone (issue: it covers 去移交 and 实付金额)', () => {
  test.beforeEach(({ isMobile }) => test.skip(!isMobile, 'desktop shows a side tab, not the floating button'))

  for (const [path, shownWhenLoaded] of [
    ['/accountManage', '去移交'],
    ['/orderlist', '实付金额'],
  ] as const) {
    test(`${path}, from the first screen to the bottom: 帮助 covers no action and no amount`, async ({
      page,
    }) => {
      await loginAs(page, MAIN_PHONE)
      await expect(page).toHaveURL(/\/index$/)
      await page.goto(path)
      await expect(page.getByText(shownWhenLoaded).first()).toBeVisible()
      await expect(page.getByRole('button', { name: '帮助' })).toBeVisible()
      // The first screen, every 300 px on the way down, and the very end.
      const covered = new Set<string>()
      for (let atEnd = false; !atEnd; atEnd = await scrollDown(page, 300))
        for (const what of await coveredByHelp(page)) covered.add(what)
      expect([...covered]).toEqual([])
    })
  }
})
