import { type APIRequestContext, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo@12345'
export const MAIN_PHONE = '13800000001'
export const SUB_PHONE = '13800000002'

/** The answer of the captcha the login form is showing, from the development sandbox. */
export async function captchaAnswer(request: APIRequestContext, uuid: string): Promise<string> {
  const response = await request.get(`/__dev/captcha?id=${encodeURIComponent(uuid)}`)
  return (await response.json()).data.answer
}

export const accountInput = (page: Page) => page.locator('input[name="account"]')
export const passwordInput = (page: Page) => page.locator('input[name="password"]')
export const captchaInput = (page: Page) => page.locator('input[name="captcha"]')

/** Resolves with the id of the next image captcha the page loads. */
export async function nextCaptcha(page: Page): Promise<string> {
  const response = await page.waitForResponse((r) => r.url().includes('/api/app/code'))
  return (await response.json()).data.uuid
}

/** Opens a login page and waits for its captcha; returns the captcha id shown. */
export async function openLogin(page: Page, url = '/login'): Promise<string> {
  const captcha = nextCaptcha(page)
  await page.goto(url)
  return captcha
}

/** Fills and submits the password form, answering captcha `uuid` through the sandbox. */
export async function submitLogin(page: Page, account: string, password: string, uuid: string) {
  await accountInput(page).fill(account)
  await passwordInput(page).fill(password)
  await captchaInput(page).fill(await captchaAnswer(page.request, uuid))
  await page.getByRole('button', { name: '登录' }).click()
}

export async function loginAs(page: Page, account: string, url = '/login') {
  const uuid = await openLogin(page, url)
  await submitLogin(page, account, DEMO_PASSWORD, uuid)
}

/** The persisted session, as the app stores it (zustand over Taro storage). */
export async function storedSession(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('mc-session')
    if (!raw) return null
    const outer = JSON.parse(raw)
    const value = typeof outer?.data === 'string' ? JSON.parse(outer.data) : outer
    return value?.state ?? null
  })
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: '账号菜单' }).click()
  return page.getByRole('menu', { name: '账号菜单' })
}
