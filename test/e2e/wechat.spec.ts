import { expect, test } from './support/fixtures'
import { expectAccount, storedSession } from './support/console'

test.describe('WeChat login (doc2 §2 Login, §4)', () => {
  test('desktop QR login is completed from a second tab', async ({ page, context }, info) => {
    test.skip(info.project.name !== 'desktop', 'QR scan login is PC only')
    const scene = page.waitForResponse((r) => r.url().includes('/api/wechat/getQrAddress'))
    await page.goto('/login')
    await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true')
    const { url } = (await (await scene).json()).data
    await expect(page.getByLabel('登录二维码')).toBeVisible()
    const phone = await context.newPage()
    await phone.goto(url)
    // The sandbox page stands in for WeChat's consent page; ours then asks 确认 / 取消.
    await phone.getByRole('button', { name: '微信授权' }).click()
    await expect(phone.getByText('在电脑上登录会员中心')).toBeVisible()
    await expect(page.getByText('扫码成功，请在微信中确认')).toBeVisible()
    await phone.getByRole('button', { name: '确认', exact: true }).click()
    await expect(phone.getByText('已确认，请回到电脑端')).toBeVisible()
    // Back to the computer (a background tab gets no animation frames to click in).
    await phone.close()
    await expect(page).toHaveURL(/\/index$/)
    // The QR login is a 账号安全提醒 to the account, shown as the newest notice.
    const popup = page.getByLabel('新消息', { exact: true })
    await expect(popup).toContainText('账号安全提醒')
    await popup.getByRole('button', { name: '关闭' }).click()
    await expectAccount(page, 'demo_main')
  })

  test('取消 on the phone ends the QR and the desktop says so', async ({ page, context }, info) => {
    test.skip(info.project.name !== 'desktop', 'QR scan login is PC only')
    const scene = page.waitForResponse((r) => r.url().includes('/api/wechat/getQrAddress'))
    await page.goto('/login')
    const { url } = (await (await scene).json()).data
    const phone = await context.newPage()
    await phone.goto(url)
    await phone.getByRole('button', { name: '微信授权' }).click()
    await phone.getByRole('button', { name: '取消', exact: true }).click()
    await expect(phone.getByText('已取消')).toBeVisible()
    await expect(page.getByText('已在手机上取消，请刷新二维码')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
  })

  test('the QR expires after 120 polls and can be refreshed', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'QR scan login is PC only')
    await page.clock.install()
    let polls = 0
    page.on('request', (r) => r.url().includes('/api/wechat/getTokenByCode') && polls++)
    await page.goto('/login')
    await expect(page.getByLabel('登录二维码')).toBeVisible()
    // One second at a time: each poll is scheduled after the previous one rendered.
    for (let second = 0; second < 125; second++) {
      await page.clock.runFor(1000)
      await page.waitForTimeout(20)
    }
    await expect(page.getByText('二维码已失效，请刷新二维码')).toBeVisible()
    expect(polls).toBeGreaterThanOrEqual(100)
    expect(polls).toBeLessThanOrEqual(120)
    const fresh = page.waitForResponse((r) => r.url().includes('/api/wechat/getQrAddress'))
    await page.getByRole('button', { name: '刷新二维码' }).click()
    await fresh
    await expect(page.getByText('二维码已失效，请刷新二维码')).toHaveCount(0)
  })

  test('phone browsers get no QR tabs', async ({ page }, info) => {
    test.skip(info.project.name !== 'mobile', 'phone layout')
    await page.goto('/login')
    await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveCount(0)
    await expect(page.getByRole('tab', { name: '短信登录' })).toBeVisible()
  })

  test('the WeChat in-app browser logs in through OAuth', async ({ browser }, info) => {
    const context = await browser.newContext({
      baseURL: info.project.use.baseURL,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN',
      viewport: { width: 375, height: 812 },
    })
    const page = await context.newPage()
    await page.goto('/login?redirect=%2Findex')
    await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveCount(0)
    await page.getByRole('button', { name: '微信登录' }).click()
    await expect(page).toHaveURL(/\/__dev\/wechat\/oauth/)
    await page.getByRole('button', { name: '同意' }).click()
    await expect(page).toHaveURL(/\/index$/)
    expect((await storedSession(page))?.token).toBeTruthy()
    await context.close()
  })

  test("a wxcode sent to someone else's browser logs nobody in (login CSRF)", async ({
    browser,
    request,
  }, info) => {
    // The attacker's own round trip, stopped before its /login: the link it would send.
    const { url } = (await (await request.get('/api/wechat/oauthUrl?redirect=%2Findex')).json()).data
    const state = new URL(url).searchParams.get('state')
    const granted = await request.post('/__dev/wechat/oauth', {
      data: { state, openid: 'wx-demo-main', redirect: '/index' },
    })
    const { location } = (await granted.json()).data
    const victim = await browser.newContext({
      baseURL: info.project.use.baseURL,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN',
      viewport: { width: 375, height: 812 },
    })
    const page = await victim.newPage()
    await page.goto(location)
    await expect(page.getByText('微信授权已失效，请重新授权')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    expect((await storedSession(page))?.token ?? '').toBe('')
    await victim.close()
  })
})
