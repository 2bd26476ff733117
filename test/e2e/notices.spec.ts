import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, registerViaApi } from './support/console'

// Notices and the operation log (account-area §2). The list actions run on a member of their own
// (one per test, with notices added through the sandbox), so the desktop and phone runs never share
// state; the detail and log tests read the demo account's seeded data.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750

async function addNotices(page: Page, phone: string, titles: string[]) {
  for (const title of titles) {
    const response = await page.request.post('/__dev/notices', {
      data: { phone, type: 10, title, content: `<p>${title}的正文</p>` },
    })
    expect((await response.json()).code).toBe(200)
  }
}

/** The notices shown: table rows on desktop, cards on phones. */
function shownNotices(page: Page) {
  return page.getByLabel('消息列表').getByRole(isDesktop(page) ? 'row' : 'listitem')
}

const filter = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click()
const select = (page: Page, title: string) => page.getByRole('checkbox', { name: `选择 ${title}` }).click()

/** The notice's row or card; phones load 5 at a time, so 加载更多 until it shows. */
async function findNotice(page: Page, title: string) {
  const notice = shownNotices(page).filter({ hasText: title }).first()
  await expect(shownNotices(page).first()).toBeVisible()
  for (let more = 0; more < 4 && !(await notice.isVisible()); more++) {
    const shown = await shownNotices(page).count()
    await page.getByRole('button', { name: '加载更多' }).click()
    await expect(shownNotices(page)).not.toHaveCount(shown)
  }
  return notice
}

async function openNotice(page: Page, title: string) {
  await page.goto('/notices')
  await (await findNotice(page, title)).click()
  await expect(page).toHaveURL(/\/noticesDetail\?id=\d+/)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
}

/** The open confirmation dialog (taro-ui keeps closed modals in the page). */
const confirmDialog = (page: Page) => page.locator('.at-modal--active')

test.describe('notice list (account-area §2)', () => {
  test('filters 全部 / 已读 / 未读, marks read and deletes after a confirmation', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await addNotices(page, phone, ['通知甲', '通知乙', '通知丙'])
    await loginAs(page, phone)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/notices')

    await expect(shownNotices(page).filter({ hasText: /通知[甲乙丙]/ })).toHaveCount(3)
    await filter(page, '已读')
    await expect(page.getByText('暂无数据，请重试。')).toBeVisible()

    await filter(page, '全部')
    await select(page, '通知甲')
    await page.getByRole('button', { name: '标记已读 (1)' }).click()
    await expect(page.getByText('已标记为已读')).toBeVisible()
    await filter(page, '已读')
    await expect(shownNotices(page).filter({ hasText: '通知甲' })).toHaveCount(1)
    await expect(shownNotices(page).filter({ hasText: /通知[乙丙]/ })).toHaveCount(0)
    await filter(page, '未读')
    await expect(shownNotices(page).filter({ hasText: /通知[乙丙]/ })).toHaveCount(2)
    await expect(shownNotices(page).filter({ hasText: '通知甲' })).toHaveCount(0)

    // Delete asks first; 取消 keeps the notice.
    await select(page, '通知乙')
    await page.getByRole('button', { name: '删除', exact: true }).click()
    await expect(confirmDialog(page)).toContainText('确定删除选中的消息吗？删除后无法恢复。')
    await confirmDialog(page).getByText('取消', { exact: true }).click()
    await expect(shownNotices(page).filter({ hasText: '通知乙' })).toHaveCount(1)
    await page.getByRole('button', { name: '删除', exact: true }).click()
    await confirmDialog(page).getByText('确定', { exact: true }).click()
    await expect(page.getByText('删除成功！')).toBeVisible()
    await expect(shownNotices(page).filter({ hasText: '通知乙' })).toHaveCount(0)
    await filter(page, '全部')
    await expect(shownNotices(page).filter({ hasText: /通知[甲丙]/ })).toHaveCount(2)
    await expect(shownNotices(page).filter({ hasText: '通知乙' })).toHaveCount(0)
  })
})

test.describe('home popup of the latest notice (account-area §2: polled every 3 s)', () => {
  test('a new notice pops up on the home page once; 关闭 keeps it from popping again', async ({ page }) => {
    const phone = freshPhone()
    await registerViaApi(page.request, phone)
    await loginAs(page, phone)
    await expect(page).toHaveURL(/\/index$/)
    const popup = page.locator('.at-modal--active').filter({ hasText: '新消息提醒' })
    await addNotices(page, phone, ['续费提醒'])
    await expect(popup).toContainText('续费提醒')
    const popped = page.waitForResponse((r) => r.url().includes('/api/pc/updatePopStatus'))
    await popup.getByRole('button', { name: '关闭' }).click()
    await popped
    await expect(popup).toHaveCount(0)
    await page.reload()
    // The next polls answer nothing to pop.
    const poll = await page.waitForResponse((r) => r.url().includes('/api/pc/selectLatestNews'))
    expect((await poll.json()).data).toBeNull()
    await expect(popup).toHaveCount(0)
  })
})

test.describe('notice detail (account-area §2)', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
  })

  test('the type-4 notice draws page views and visitor IPs with the site domain', async ({ page }) => {
    await openNotice(page, '近7日访问统计')
    await expect(page.getByText('站点：www.xingchen-demo.cn')).toBeVisible()
    const canvas = page
      .getByRole('img', { name: /近7日访问趋势/ })
      .locator('canvas')
      .first()
    await expect(canvas).toBeVisible()
    const box = (await canvas.boundingBox())!
    expect(box.width).toBeGreaterThan(200)
    expect(box.height).toBeGreaterThan(200)
    // Something was drawn: the canvas has painted pixels.
    await expect
      .poll(() =>
        canvas.evaluate((el: HTMLCanvasElement) => {
          const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height)
          let painted = 0
          for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++
          return painted
        }),
      )
      .toBeGreaterThan(1000)
  })

  test('a body that carried a script, an onerror and a javascript: link runs nothing', async ({ page }) => {
    // The image stays (without its onerror); its failed load is when an onerror would have run.
    const imageFailed = page.waitForResponse((r) => r.url().endsWith('/api/pc/noticeFiles/missing.png'))
    await openNotice(page, '新手指引')
    await expect(page.getByText('三步')).toBeVisible()
    await imageFailed
    await page.getByText('查看帮助').click()
    expect(await page.evaluate(() => (window as { __noticeScript?: string }).__noticeScript)).toBeUndefined()
    expect(await page.locator('.notice-detail script, .notice-detail [onerror]').count()).toBe(0)
  })

  test('attachments: images preview on click, served from real addresses', async ({ page }) => {
    await openNotice(page, '客服回复')
    const files = page.getByLabel('附件')
    await expect(files.getByRole('link', { name: '打开 服务说明.txt' })).toBeVisible()
    await files.getByLabel('预览 首页效果图.png').click()
    const preview = page.getByRole('dialog', { name: '图片预览' })
    await expect(preview).toContainText('1 / 2')
    const image = preview.locator('img')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)
    await preview.getByRole('button', { name: '关闭预览' }).click()
    await expect(preview).toHaveCount(0)
  })
})

test.describe('operation log (account-area §2)', () => {
  test('shows the account’s entries and pages through them', async ({ page }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/log')
    const log = page.getByLabel('操作日志').last()
    // This test's own login is the newest entry.
    await expect(log).toContainText('密码登录成功')
    await expect(log).toContainText('demo_main')
    await expect(log).toContainText('成功')
    const entries = log.getByRole(isDesktop(page) ? 'row' : 'listitem')
    if (isDesktop(page)) {
      // A page of 10 rows under the heading row; page 2 shows older entries.
      await expect(entries).toHaveCount(11)
      const firstOnPage1 = (await entries.nth(1).textContent()) ?? ''
      await page.getByRole('button', { name: '第 2 页' }).click()
      await expect(entries.nth(1)).not.toHaveText(firstOnPage1)
      await expect(entries).toHaveCount(11)
    } else {
      await expect(entries).toHaveCount(5)
      await page.getByRole('button', { name: '加载更多' }).click()
      await expect(entries).toHaveCount(10)
    }
  })
})
