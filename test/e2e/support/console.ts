import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

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

/** Opens a login page on its password tab and waits for its captcha; returns the captcha id shown. */
export async function openLogin(page: Page, url = '/login'): Promise<string> {
  await page.goto(url)
  return openPasswordTab(page)
}

export async function openPasswordTab(page: Page): Promise<string> {
  const captcha = nextCaptcha(page)
  await page.getByRole('tab', { name: '账号密码登录' }).click()
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

/** The header's account menu names the logged-in account (account-area §2); closes it again. */
export async function expectAccount(page: Page, text: string) {
  const menu = await openAccountMenu(page)
  await expect(menu).toContainText(text)
  // A full-screen backdrop sits over the page while the menu is open: a click anywhere closes it.
  await page.mouse.click(2, 300)
  await expect(menu).toHaveCount(0)
}

/** A fresh mainland phone for this run (SMS limits are per phone). */
export function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

/** The latest SMS code the sandbox sent to `phone`. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/__dev/sms?phone=${phone}`)
  return (await response.json()).data.code
}

/**
 * Clicks 获取验证码 (the button inside `scope`) and drags the slider that opens to its answer (the
 * sandbox's, unless `answerOf` reads it elsewhere); what the send answers is the caller's to wait for.
 */
export async function solveSmsSlider(
  page: Page,
  scope: Locator,
  answerOf: (captchaId: string) => Promise<string> = (id) => captchaAnswer(page.request, id),
) {
  const puzzle = page.waitForResponse((r) => r.url().includes('/api/app/genCaptcha'))
  await scope.getByRole('button', { name: '获取验证码' }).click()
  const { id } = (await (await puzzle).json()).data
  const answer = JSON.parse(await answerOf(id)).x as number
  const handle = page.getByRole('slider', { name: '拖动滑块' })
  const box = (await handle.boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width / 2, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + answer / 2, y, { steps: 4 })
  await page.mouse.move(box.x + box.width / 2 + answer, y, { steps: 4 })
  await page.mouse.up()
}

/**
 * Clicks 获取验证码 (the button inside `scope`), solves the slider that opens by dragging its
 * handle to its answer (the sandbox's, unless `answerOf` reads it elsewhere), and waits for 已发送.
 */
export async function requestSmsCode(
  page: Page,
  scope: Locator,
  answerOf: (captchaId: string) => Promise<string> = (id) => captchaAnswer(page.request, id),
) {
  await solveSmsSlider(page, scope, answerOf)
  // This form's button counts down once its code is sent (an earlier form's 已发送 toast may still
  // be showing, so the toast alone does not say the send is done).
  await expect(scope.getByRole('button', { name: /s后重新获取$/ })).toBeVisible()
  await expect(page.getByText('已发送').first()).toBeVisible()
}

/** Creates a member for `phone` (password Demo@12345) through the sandbox, spending no SMS. */
export async function registerViaApi(request: APIRequestContext, phone: string) {
  const body = await (
    await request.post('/__dev/members', { data: { phone, password: DEMO_PASSWORD } })
  ).json()
  if (body.code !== 200) throw new Error(`${body.code} ${body.message}`)
}

export const activeDialog = (page: Page) => page.locator('.at-modal--active')
/** Pages earlier in the stack stay in the DOM (hidden) with their own toast host: match the shown one. */
export const shown = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).filter({ visible: true })

/**
 * Records the text of every toast shown from now on in this document. A 1.5 s toast followed by a
 * navigation can come and go between two polls of a loaded machine; read them with `toastsSeen`.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>()
    ;(window as unknown as { __toastsSeen: Set<string> }).__toastsSeen = seen
    const scan = () =>
      document.querySelectorAll('.toast').forEach((toast) => seen.add((toast.textContent ?? '').trim()))
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

export const toastsSeen = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { __toastsSeen?: Set<string> }).__toastsSeen ?? [])])

/** 新增子管理员 on /subAccountManage, filled and confirmed (position 运营负责人). */
export async function addSubAdmin(page: Page, name: string, phone: string, mailbox: string) {
  await page.getByRole('button', { name: '新增子管理员' }).click()
  const form = page.getByRole('form', { name: '新增子管理员' })
  await expect(form).toBeVisible()
  await form.locator('input[name="sub-admin-name"]').fill(name)
  await form.locator('input[name="sub-admin-mailbox"]').fill(mailbox)
  await form.locator('input[name="sub-admin-phone"]').fill(phone)
  await form.getByRole('combobox', { name: '职位' }).click()
  await form.getByRole('option', { name: '运营负责人' }).click()
  await activeDialog(page).getByRole('button', { name: '确定' }).click()
  await expect(shown(page, '新增成功')).toBeVisible()
}

/**
 * Closes, one after another as the home poll brings them, the 新消息提醒 popups a test's own notices
 * raised on a seeded account (a renewal's, a reminder's): the next test on the shared server then
 * finds the home as seeded. Each 关闭 marks that notice popped; it stays unread.
 */
export async function dismissNewNotices(page: Page) {
  await page.goto('/index')
  const popup = page.getByRole('dialog', { name: '新消息' })
  // At most one popup per notice; the next one may take the place of the last at once.
  for (let closed = 0; closed < 20; closed++) {
    // The home polls every 3 s: a popup not shown within two polls is not coming.
    const shown = await popup
      .waitFor({ state: 'visible', timeout: 7_000 })
      .then(() => true)
      .catch(() => false)
    if (!shown) return
    const popped = page.waitForResponse((r) => r.url().includes('/api/pc/updatePopStatus'))
    await popup.getByRole('button', { name: '关闭' }).click()
    await popped
  }
  throw new Error('the home kept showing new notices')
}
