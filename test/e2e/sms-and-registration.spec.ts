import { expect, test } from './support/fixtures'
import {
  captchaAnswer,
  DEMO_PASSWORD,
  freshPhone,
  MAIN_PHONE,
  nextCaptcha,
  openPasswordTab,
  registerViaApi,
  requestSmsCode,
  smsCode,
  storedSession,
  submitLogin,
} from './support/console'

test.describe('SMS login, registration, password recovery (doc2 §2 Login, §5)', () => {
  test('logs in with an SMS code; resend is locked with a countdown', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await page.goto('/login')
    await page.getByRole('tab', { name: '短信登录' }).click()
    const form = page.getByLabel('短信登录')
    await form.locator('input[name="sms-phone"]').fill(phone)
    await requestSmsCode(page, form)
    await expect(form.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeVisible()
    await form.locator('input[name="sms-code"]').fill(await smsCode(page.request, phone))
    await form.getByRole('button', { name: '登录' }).click()
    await expect(page).toHaveURL(/\/index$/)
  })

  test('asks for a valid phone before the slider', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('tab', { name: '短信登录' }).click()
    const form = page.getByLabel('短信登录')
    await form.locator('input[name="sms-phone"]').fill('12345')
    await form.getByRole('button', { name: '获取验证码' }).click()
    await expect(form.getByText('请输入正确的手机号')).toBeVisible()
    await expect(page.getByRole('slider')).toHaveCount(0)
  })

  test('registers by phone once the agreement is accepted', async ({ page }) => {
    const phone = freshPhone()
    await page.goto('/login')
    await page.getByText('没有账号？立即注册').click()
    await page.getByRole('tab', { name: '手机号注册' }).click()
    const form = page.getByLabel('手机号注册')
    await form.locator('input[name="reg-phone"]').fill(phone)
    await requestSmsCode(page, form)
    await form.locator('input[name="reg-code"]').fill(await smsCode(page.request, phone))
    await form.locator('input[name="reg-password"]').fill(DEMO_PASSWORD)
    await form.locator('input[name="reg-password-again"]').fill('Demo@54321')
    await form.getByRole('button', { name: '注册' }).click()
    await expect(form.getByText('两次密码不一致，请重新输入')).toBeVisible()
    await expect(form.getByText('请先阅读并同意协议')).toBeVisible()
    await form.locator('input[name="reg-password-again"]').fill(DEMO_PASSWORD)
    await form.getByRole('checkbox', { name: '我已阅读并同意协议' }).click()
    await form.getByRole('button', { name: '注册' }).click()
    await expect(page.getByText('注册成功')).toBeVisible()
    await expect(page).toHaveURL(/\/index$/)
    expect(await storedSession(page)).toMatchObject({ role: 0 })
  })

  test('the agreement opens on its own page', async ({ page }) => {
    await page.goto('/agreement?name=privacy')
    await expect(page.getByRole('article', { name: '隐私政策' })).toBeVisible()
  })

  test('forgot password, then log in with the new password', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await page.goto('/login')
    await page.getByText('忘记密码').click()
    const dialog = page.getByLabel('找回密码')
    await dialog.locator('input[name="reset-phone"]').fill(phone)
    await requestSmsCode(page, dialog)
    await dialog.locator('input[name="reset-code"]').fill(await smsCode(page.request, phone))
    await dialog.locator('input[name="reset-password"]').fill('Fresh#2026pw')
    await dialog.locator('input[name="reset-password-again"]').fill('Fresh#2026pw')
    await dialog.getByRole('button', { name: '确定' }).click()
    await expect(page.getByText('重置成功')).toBeVisible()
    const uuid = await openPasswordTab(page)
    const renewed = nextCaptcha(page)
    await submitLogin(page, phone, DEMO_PASSWORD, uuid)
    await expect(page.getByText('请输入正确的密码')).toBeVisible()
    const again = renewed
    await page.locator('input[name="password"]').fill('Fresh#2026pw')
    await page.locator('input[name="captcha"]').fill(await captchaAnswer(page.request, await again))
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page).toHaveURL(/\/index$/)
  })

  test('a password login from a new address needs the SMS security verification', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await page.request.post('/__dev/forgetAddresses', { data: { phone } })
    await submitLogin(
      page,
      phone,
      DEMO_PASSWORD,
      await (async () => {
        await page.goto('/login')
        return openPasswordTab(page)
      })(),
    )
    const dialog = page.getByLabel('安全验证')
    await expect(dialog).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)
    expect((await storedSession(page))?.token ?? '').toBe('')
    await requestSmsCode(page, dialog)
    await dialog.locator('input[name="verify-code"]').fill(await smsCode(page.request, phone))
    await dialog.getByRole('button', { name: '确定' }).click()
    await expect(page).toHaveURL(/\/index$/)
  })

  test('the demo account on loopback goes straight in', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, MAIN_PHONE, DEMO_PASSWORD, await openPasswordTab(page))
    await expect(page).toHaveURL(/\/index$/)
  })
})
