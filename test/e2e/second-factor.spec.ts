import type { Browser, BrowserContext, Page } from '@playwright/test'
import { generate } from 'otplib'
import { expect, test } from './support/fixtures'
import { activeDialog, freshPhone, loginAs, registerViaApi, shown } from './support/console'

// 二次验证: enabled on 账户管理 with a code computed from the key the page shows; a password login then
// owes a code: a reused one and a used recovery code are refused, a fresh one logs in, and
// 在此设备7天内不再验证 spares only the browser that asked for it.

const STEP_MS = 30_000

/** The next 30-second step: a code of the step a code was used in is refused. */
async function nextStep() {
  await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 500))
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

async function newBrowser(browser: Browser, storageState?: StorageState): Promise<Page> {
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    storageState,
  })
  return context.newPage()
}

const secondStep = (page: Page) => activeDialog(page).filter({ hasText: '二次验证' })

test('enable it, then log in with password and code; reused and used codes refused; a trusted browser only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index/)

  await page.goto('/accountManage')
  const section = page.locator('[aria-label="二次验证设置"]')
  await expect(section).toContainText('未开启')
  const begun = page.waitForResponse((response) => response.url().includes('/api/app/secondFactor/begin'))
  await section.getByRole('button', { name: '开启' }).click()
  const { secret } = (await (await begun).json()).data as { secret: string }
  const enrol = activeDialog(page).filter({ hasText: '开启二次验证' })
  await expect(enrol.getByLabel('二次验证二维码')).toBeVisible()
  const enrolCode = await generate({ secret })
  await enrol.locator('input[name="second-factor-enrol-code"]').fill(enrolCode)
  await enrol.getByText('确认', { exact: true }).click()
  const codes = activeDialog(page).filter({ hasText: '保存恢复码' }).getByRole('list', { name: '恢复码' })
  await expect(codes.getByRole('listitem')).toHaveCount(10)
  const recovery = (await codes.getByRole('listitem').allTextContents()).map((text) => text.trim())
  await activeDialog(page).getByText('我已保存', { exact: true }).click()
  await expect(section).toContainText('已开启，剩余恢复码 10 个')

  // Another browser: the password is not enough; the code already used is refused.
  const trusted = await newBrowser(browser)
  await loginAs(trusted, phone)
  await expect(secondStep(trusted)).toBeVisible()
  await trusted.locator('input[name="second-factor-code"]').fill(enrolCode)
  await secondStep(trusted).getByText('验证', { exact: true }).click()
  await expect(secondStep(trusted)).toContainText('动态验证码错误，请重新输入')
  // A recovery code, and this browser trusted for 7 days.
  await secondStep(trusted).getByText('使用恢复码', { exact: true }).click()
  await trusted.locator('input[name="second-factor-recovery"]').fill(recovery[0])
  await secondStep(trusted).getByText('在此设备7天内不再验证').click()
  await secondStep(trusted).getByText('验证', { exact: true }).click()
  await expect(trusted).toHaveURL(/\/index/)
  // Logged out and in again on that browser (its storage, device id included, without the session):
  // no code asked.
  const { origins } = await trusted.context().storageState()
  await trusted.context().close()
  const again = await newBrowser(browser, {
    cookies: [],
    origins: origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => item.name !== 'mc-session'),
    })),
  })
  await loginAs(again, phone)
  await expect(again).toHaveURL(/\/index/)
  await expect(secondStep(again)).toHaveCount(0)
  await again.context().close()

  // A third browser is asked; the used recovery code is refused, a fresh app code logs in.
  const other = await newBrowser(browser)
  await loginAs(other, phone)
  await expect(secondStep(other)).toBeVisible()
  await secondStep(other).getByText('使用恢复码', { exact: true }).click()
  await other.locator('input[name="second-factor-recovery"]').fill(recovery[0])
  await secondStep(other).getByText('验证', { exact: true }).click()
  await expect(secondStep(other)).toContainText('动态验证码错误，请重新输入')
  await secondStep(other).getByText('使用动态验证码', { exact: true }).click()
  await nextStep()
  await other.locator('input[name="second-factor-code"]').fill(await generate({ secret }))
  await secondStep(other).getByText('验证', { exact: true }).click()
  await expect(other).toHaveURL(/\/index/)
  await expect(shown(other, '二次验证')).toHaveCount(0)
  await other.context().close()
})
