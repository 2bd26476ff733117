import { expect, test } from './support/fixtures'
import { expectAccount, loginAs, MAIN_PHONE, openAccountMenu, storedSession } from './support/console'

test.describe('session (account-area §2, doc2 §8)', () => {
  test('退出登录 asks 确定退出？ and revokes the token on the server', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const token = String((await storedSession(page))?.token)
    const menu = await openAccountMenu(page)
    await menu.getByRole('menuitem', { name: '退出登录' }).click()
    await expect(page.getByText('确定退出？')).toBeVisible()
    await page.getByText('确定', { exact: true }).click()
    await expect(page).toHaveURL(/\/login/)
    // The revocation is sent as the user leaves, not awaited (end-session.ts): it may land just after.
    const codeOfOldToken = async () =>
      (await (await page.request.get('/api/pc/getPersonalInfo', { headers: { token } })).json()).code
    await expect.poll(codeOfOldToken, { timeout: 5_000 }).toBe(996)
  })

  test('code 996 shows the message, clears the session and goes to /login', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const token = String((await storedSession(page))?.token)
    // The session ends elsewhere (another tab logs out) while /index is closed: had it stayed open,
    // its own first loads, still in flight on arrival, could meet the 996 there, and a reload would
    // then discard that page's toast and find the session already cleared.
    await page.goto('about:blank')
    await page.request.get('/api/pc/logout', { headers: { token } })
    const shown = page.waitForSelector('[role="alert"]:has-text("登录状态已失效")', { timeout: 15_000 })
    await page.goto('/index')
    await shown
    await expect(page).toHaveURL(/\/login/)
    expect((await storedSession(page))?.token).toBe('')
  })

  test('30 minutes without a click log the user out', async ({ page }) => {
    await page.clock.install()
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await expectAccount(page, 'demo_main')
    await page.clock.fastForward('29:00')
    await expect(page).toHaveURL(/\/index$/)
    await page.clock.fastForward('01:05')
    await expect(page.getByText('您已经30分钟没有操作,请重新登录使用。')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    expect((await storedSession(page))?.token).toBe('')
  })

  test('an entry token logs in once and marks a work-order source', async ({ page }) => {
    const minted = await page.request.post('/__dev/entryToken', {
      data: { phone: MAIN_PHONE, source: 'workOrder' },
    })
    const entry = (await minted.json()).data.token
    await page.goto(`/login?token=${entry}&redirect=${encodeURIComponent('/index')}`)
    await expect(page).toHaveURL(/\/index$/)
    expect(await storedSession(page)).toMatchObject({ orderSource: 'workOrder' })
    // Single use: the same link no longer logs anyone in.
    const again = await page.request.get(`/api/feignApi/fkToken?token=${entry}`)
    expect((await again.json()).code).toBe(996)
  })

  test('an entry link for another account asks first: 取消 keeps the session, 切换 switches', async ({
    page,
  }) => {
    const mint = async () =>
      (await (await page.request.post('/__dev/entryToken', { data: { phone: '13800000003' } })).json()).data
        .token as string
    const question = page
      .locator('.at-modal--active')
      .filter({ hasText: '当前已登录其他账号，是否切换到链接中的账号？' })
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const before = await storedSession(page)

    await page.goto(`/myWorkOrder?token=${await mint()}`)
    await expect(question).toBeVisible()
    await question.getByText('取消', { exact: true }).click()
    await expect(page).toHaveURL(/\/myWorkOrder$/)
    expect(await storedSession(page)).toMatchObject({ token: before?.token, id: before?.id })

    await page.goto(`/myWorkOrder?token=${await mint()}`)
    await question.getByText('切换', { exact: true }).click()
    await expect(page).toHaveURL(/\/myWorkOrder$/)
    await expect.poll(async () => (await storedSession(page))?.id).not.toBe(before?.id)
    // The replaced session ended on the server.
    const old = await page.request.get('/api/pc/getPersonalInfo', {
      headers: { token: String(before?.token) },
    })
    expect((await old.json()).code).toBe(996)
  })

  test('a bad entry link leaves the session as it was', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    const before = await storedSession(page)
    await page.goto('/myWorkOrder?token=not-a-token')
    await expect(page.getByText('登录凭证已失效，请重新登录')).toBeVisible()
    await expect(page).toHaveURL(/\/myWorkOrder$/)
    expect((await storedSession(page))?.token).toBe(before?.token)
  })
})
