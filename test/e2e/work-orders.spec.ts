import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, MAIN_PHONE, registerViaApi, storedSession } from './support/console'

// Work orders end to end (doc2 §2, §4, §5, §7; account-area §2 entry links), desktop and phone.
// Each test that changes work orders runs on a member of its own, so the two projects never share
// state. The engineer's side is the development sandbox of the reference server (/__dev/workorders):
// `engineer` below posts what its page posts.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750

// A 1×1 PNG and a one-page PDF: the server decides the type by these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

// The sandbox's reply is a form post (content and an optional file), as its page sends it.
const engineer = {
  reply: (page: Page, id: number, content: string) =>
    page.request.post('/__dev/workorders/reply', {
      multipart: {
        workOrderId: String(id),
        content,
        file: { name: '处理说明.png', mimeType: 'image/png', buffer: PNG },
      },
    }),
  setStatus: (page: Page, id: number, status: 1 | 2 | 5) =>
    page.request.post('/__dev/workorders/status', { data: { id, status } }),
}

/** Phones keep the /myWorkOrder filters behind 筛选 (its label counts the filters in use). */
async function openFilters(page: Page) {
  if (!isDesktop(page)) await page.getByRole('button', { name: /^筛选/ }).click()
}

/** The status in the detail's header. */
const status = (page: Page) => page.locator('.wo-detail__title .wo-status')

/** The open dialog (taro-ui keeps closed modals in the page). */
const openModal = (page: Page) => page.locator('.at-modal--active')

async function attach(
  page: Page,
  field: ReturnType<Page['getByRole']>,
  files: { name: string; buffer: Buffer; mimeType: string }[],
) {
  const chooser = page.waitForEvent('filechooser')
  await field.getByRole('button', { name: '上传附件' }).click()
  await (await chooser).setFiles(files)
  for (const file of files) await expect(field.getByText(file.name, { exact: true })).toBeVisible()
}

/**
 * Fills step 2 with the first problem template of the category, whatever fields it asks: the first
 * order, text in every empty field, files in every upload field (two in the first).
 */
async function fillFirstTemplate(page: Page) {
  await page.getByRole('radiogroup', { name: '问题细类' }).getByRole('radio').first().click()
  const form = page.getByRole('form', { name: '工单信息' })
  for (const group of await form.getByRole('radiogroup').all()) {
    if ((await group.getAttribute('aria-label')) === '问题细类') continue
    await group.getByRole('radio').first().click()
  }
  for (const box of await form.locator('textarea').all())
    if (!(await box.inputValue())) await box.fill('首页打不开，请帮忙看看')
  for (const input of await form.locator('input').all()) {
    if (await input.inputValue()) continue
    const name = await input.getAttribute('name')
    await input.fill(
      name === 'contactEmail' ? 'demo@example.com' : name?.startsWith('service-') ? '1' : '测试',
    )
  }
  const uploads = await form
    .getByRole('group')
    .filter({ has: page.getByRole('button', { name: '上传附件' }) })
    .all()
  for (const [index, group] of uploads.entries()) {
    const files = [{ name: `截图${index}.png`, mimeType: 'image/png', buffer: PNG }]
    if (index === 0) files.push({ name: '说明.pdf', mimeType: 'application/pdf', buffer: PDF })
    await attach(page, group, files)
  }
}

/**
 * Submits a 会员账号 work order as the logged-in member and returns its id (the detail opens). Its
 * first template (账号主体变更) needs no order, which a fresh member lacks, and has two upload fields.
 */
async function submitWorkOrder(page: Page): Promise<number> {
  await page.goto('/submitWorkOrder?type=3')
  await fillFirstTemplate(page)
  await page.getByRole('button', { name: '提交', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '提交成功' })
  await expect(dialog).toContainText('已为您分配专属工程师')
  const viewed = page.waitForResponse((r) => r.url().includes('/updRecordLook'))
  await dialog.getByRole('button', { name: '查看工单' }).click()
  await viewed
  await expect(page).toHaveURL(/\/workOrderDetail\?id=\d+/)
  return Number(new URL(page.url()).searchParams.get('id'))
}

async function freshMember(page: Page) {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await loginAs(page, phone)
  await expect(page).toHaveURL(/\/index$/)
}

test.describe('work-order entry links (account-area §2)', () => {
  for (const [path, stay] of [
    ['/myWorkOrder', /\/myWorkOrder$/],
    ['/submitWorkOrder?type=2', /\/submitWorkOrder\?type=2$/],
  ] as const) {
    test(`${path} with ?token= logs in, stays on the page and marks a work-order login`, async ({ page }) => {
      const minted = await page.request.post('/__dev/entryToken', { data: { phone: MAIN_PHONE } })
      const entry = (await minted.json()).data.token
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}token=${entry}`)
      await expect(page).toHaveURL(stay)
      expect(await storedSession(page)).toMatchObject({ orderSource: 'workOrder' })
      expect(await page.evaluate(() => sessionStorage.getItem('mc-session-flags'))).toContain('workOrder')
    })
  }
})

test.describe('my work orders (doc2 §2)', () => {
  test('the header 工单 badge opens the list; filters send digits only; the phone date rule', async ({
    page,
  }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.getByLabel(/^工单( \d+)?$/).click()
    await expect(page).toHaveURL(/\/myWorkOrder$/)
    await expect(page.getByRole('tab', { name: /^服务中（\d+）$/ })).toBeVisible()
    await expect(page.getByLabel('工单列表')).toBeVisible()

    await openFilters(page)
    const number = page.locator('input[name="orderNum"]')
    await number.pressSequentially('12ab345678901')
    await expect(number).toHaveValue('12345678')
    const listed = page.waitForResponse((r) => r.url().includes('/getMyWorkOrderList'))
    await page.getByRole('button', { name: '查询' }).click()
    expect(new URL((await listed).url()).searchParams.get('orderNum')).toBe('12345678')
    await expect(page.getByText('暂无数据', { exact: true })).toBeVisible()

    if (!isDesktop(page)) {
      await openFilters(page)
      await page.getByRole('button', { name: '重置' }).click()
      await openFilters(page)
      // The browser's own date field: Chromium's takes typing like a person's.
      await page.getByLabel('开始日期').fill('2026-11-01')
      await page.getByRole('button', { name: '查询' }).click()
      await expect(page.getByText('请选择开始日期和结束日期', { exact: true })).toBeVisible()
    }
  })
})

test.describe('the seeded account (doc2 §2)', () => {
  test('服务中 and 处理中 ask for status lists; an open 代维管家 order blocks a new one and links to it', async ({
    page,
  }) => {
    await loginAs(page, MAIN_PHONE)
    await expect(page).toHaveURL(/\/index$/)
    await page.goto('/myWorkOrder')
    await expect(page.getByLabel('工单列表')).toContainText('20260001')
    // The first list asked for every status; these ask for a list of them.
    const listed = () =>
      page.waitForResponse((r) => r.url().includes('/getMyWorkOrderList') && r.url().includes('status='))
    const inService = listed()
    await page.getByRole('tab', { name: /^服务中（\d+）$/ }).click()
    expect(new URL((await inService).url()).searchParams.get('status')).toBe('0,1,2,5')
    await openFilters(page)
    await page.getByRole('radiogroup', { name: '状态' }).getByRole('radio', { name: '处理中' }).click()
    const processing = listed()
    await page.getByRole('button', { name: '查询' }).click()
    expect(new URL((await processing).url()).searchParams.get('status')).toBe('2,5')
    await expect(page.getByLabel('工单列表')).not.toContainText('20260003')
    await expect(page.getByLabel('工单列表')).toContainText('网站首页轮播图无法更新')

    await page.goto('/submitWorkOrder')
    await page.getByRole('button', { name: '代维管家' }).click()
    const blocked = page.getByRole('alert').filter({ hasText: '您有尚未完结的代维管家工单' })
    await expect(blocked).toContainText('您有尚未完结的代维管家工单，请先前往该工单确认完结。')
    await blocked.getByRole('button', { name: '前往该工单' }).click()
    await expect(page).toHaveURL(/\/workOrderDetail\?id=\d+/)
    await expect(page.locator('.wo-detail__title')).toContainText('20260008')
  })
})

test.describe('a work order from submit to delete (doc2 §2, §4)', () => {
  test('submit with two attachments, engineer reply, badge, reply, confirm completion', async ({ page }) => {
    await freshMember(page)
    const id = await submitWorkOrder(page)
    await expect(status(page)).toHaveText('已分配')
    await expect(page.getByLabel('附件').first()).toBeVisible()

    // The engineer answers in the sandbox: the header badge shows it, opening the detail clears it.
    expect((await (await engineer.reply(page, id, '<p>请提供网站地址</p>')).json()).code).toBe(200)
    await page.goto('/myWorkOrder')
    await expect(page.getByLabel('工单 1')).toBeVisible()
    await page.goto(`/workOrderDetail?id=${id}`)
    await expect(page.getByRole('list', { name: '沟通记录' })).toContainText('请提供网站地址')
    await expect(page.getByLabel('工单 1')).toHaveCount(0)

    // A reply with an attachment.
    await page.locator('textarea[name="reply"]').fill('网址是 demo.example')
    await attach(page, page.getByRole('form', { name: '留言' }).getByRole('group', { name: '附件' }), [
      { name: '补充.png', mimeType: 'image/png', buffer: PNG },
    ])
    await page.getByRole('button', { name: '发送' }).click()
    await expect(page.getByRole('list', { name: '沟通记录' })).toContainText('网址是 demo.example')

    // The engineer asks for confirmation; the customer confirms completion.
    await engineer.setStatus(page, id, 1)
    await page.reload()
    await expect(status(page)).toHaveText('待您确认')
    await page.getByRole('button', { name: '确认完结' }).click()
    await expect(openModal(page)).toContainText('请确认该工单是否已完结？')
    await openModal(page).getByText('确定', { exact: true }).click()
    await expect(status(page)).toHaveText('已完结')
  })

  test('answers the engineer at 处理中 (5) and at 待您确认 (1) without reopening', async ({ page }) => {
    await freshMember(page)
    const id = await submitWorkOrder(page)
    const question = '请提供一封未送达邮件的时间，我们继续排查。'
    expect((await (await engineer.reply(page, id, question)).json()).code).toBe(200)
    await engineer.setStatus(page, id, 5)
    await page.reload()
    await expect(status(page)).toHaveText('处理中')
    const records = page.getByRole('list', { name: '沟通记录' })
    await expect(records).toContainText(question)

    const reply = page.getByRole('form', { name: '留言' })
    await reply.locator('textarea[name="reply"]').fill('昨天 15:20 发的那封没有收到')
    await reply.getByRole('button', { name: '发送' }).click()
    await expect(records).toContainText('昨天 15:20 发的那封没有收到')
    await expect(status(page)).toHaveText('处理中')

    // 待您确认: a message leaves the order waiting for confirmation; 继续咨询 is still the way back.
    await engineer.setStatus(page, id, 1)
    await page.reload()
    await expect(status(page)).toHaveText('待您确认')
    await expect(reply).toContainText('留言不会改变工单状态')
    await reply.locator('textarea[name="reply"]').fill('好的，我今晚再试一次')
    await reply.getByRole('button', { name: '发送' }).click()
    await expect(records).toContainText('好的，我今晚再试一次')
    await expect(status(page)).toHaveText('待您确认')
    await expect(page.getByRole('button', { name: '继续咨询' })).toBeVisible()
  })

  test('close with a reason, reopen, close again and delete', async ({ page }) => {
    await freshMember(page)
    const id = await submitWorkOrder(page)

    await page.getByRole('button', { name: '关闭工单' }).click()
    const close = page.getByRole('dialog', { name: '关闭工单' })
    await close.getByRole('button', { name: '确认关闭' }).click()
    await expect(close.getByText('请选择关闭工单的原因', { exact: true })).toBeVisible()
    await close.getByRole('radio', { name: '自己已解决' }).click()
    await close.getByRole('button', { name: '确认关闭' }).click()
    await expect(page.getByText('当前工单已关闭！', { exact: true })).toBeVisible()
    await expect(status(page)).toHaveText('已关闭')

    await page.getByRole('button', { name: '继续服务' }).click()
    const reopen = page.getByRole('dialog', { name: '重开服务' })
    await expect(reopen).toContainText('2小时内处理')
    await reopen.getByRole('button', { name: '提交' }).click()
    await expect(reopen.getByText('请选择重开服务的原因', { exact: true })).toBeVisible()
    await expect(reopen.getByText('请输入问题描述', { exact: true })).toBeVisible()
    await reopen.getByRole('radio', { name: '问题未解决' }).click()
    await reopen.locator('textarea').fill('还是打不开')
    await reopen.getByRole('button', { name: '提交' }).click()
    await expect(status(page)).toHaveText('已分配')

    await page.getByRole('button', { name: '关闭工单' }).click()
    await page.getByRole('dialog', { name: '关闭工单' }).getByRole('radio', { name: '不想问了' }).click()
    await page.getByRole('dialog', { name: '关闭工单' }).getByRole('button', { name: '确认关闭' }).click()
    await expect(status(page)).toHaveText('已关闭')

    await page.goto('/myWorkOrder')
    const list = page.getByLabel('工单列表')
    await expect(list).toBeVisible()
    const deleted = page.waitForResponse((r) => r.url().includes('/deleteWorkOrder'))
    await list
      .getByRole('button', { name: /^删除 / })
      .first()
      .click()
    await openModal(page).getByText('确定', { exact: true }).click()
    expect((await (await deleted).json()).code).toBe(200)
    await expect(page.getByText('暂无数据', { exact: true })).toBeVisible()
    const again = await page.request.get(`/api/acWorkOrder/getWorkDetail?id=${id}`, {
      headers: { token: String((await storedSession(page))?.token) },
    })
    expect((await again.json()).code).not.toBe(200)
  })
})
