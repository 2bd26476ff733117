import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { loginAs, MAIN_PHONE } from './support/console'

// The order list and its two long forms as users meet them at 1366×768 and 375×812: order codes
// and action links never wrap in the desktop table, and 申请发票 / 申请合同 keep 提交 in view, a
// refused 提交 bringing the first refused field into view with its message and what was typed.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750

async function openOrderList(page: Page) {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await page.goto('/orderlist')
  await expect(
    page.getByRole('table', { name: '订单列表' }).or(page.getByRole('list', { name: '订单列表' })),
  ).toBeVisible()
}

/** Opens `action` on the first order offering it, loading more cards on phones until one does. */
async function openFirst(page: Page, action: string) {
  const offering = page
    .getByRole('group', { name: /^订单 .+ 操作$/ })
    .getByRole('button', { name: action, exact: true })
  for (let i = 0; i < 5 && !(await offering.count()); i++) {
    await page.getByRole('button', { name: '加载更多' }).click()
    await page.waitForLoadState('networkidle')
  }
  await offering.first().click()
}

const submitOf = (page: Page) => page.getByRole('button', { name: '提交', exact: true })

/** Scrolls the form to its last field, so its first one is out of view. */
async function scrollToLast(form: Locator, lastField: string, firstField: string) {
  await form.locator(`input[name="${lastField}"]`).scrollIntoViewIfNeeded()
  await expect(form.locator(`input[name="${firstField}"]`)).not.toBeInViewport()
}

test.describe('申请发票 and 申请合同 keep 提交 in view (doc2 §2 dialogs)', () => {
  test('申请发票: 提交 in view at once; a refused one brings 发票抬头 back with its message', async ({
    page,
  }) => {
    await openOrderList(page)
    await openFirst(page, '申请发票')
    const form = page.getByRole('form', { name: '申请发票' })
    await expect(form).toBeVisible()
    await expect(submitOf(page)).toBeInViewport({ ratio: 1 })

    // The longest form: an enterprise's paper special invoice, with the address regions.
    await form.getByRole('radio', { name: '企业' }).click()
    await form.getByRole('radio', { name: '纸质专用发票' }).click()
    await expect(form.getByRole('radiogroup', { name: '省' })).toBeVisible()
    await expect(submitOf(page)).toBeInViewport({ ratio: 1 })
    await form.locator('input[name="applicant"]').fill('张星辰')
    await scrollToLast(form, 'address', 'title')
    await expect(submitOf(page)).toBeInViewport({ ratio: 1 })

    await submitOf(page).click()
    await expect(form.locator('input[name="title"]')).toBeInViewport()
    await expect(form.getByText('请输入发票抬头')).toBeInViewport()
    await expect(form.locator('input[name="applicant"]')).toHaveValue('张星辰')
  })

  test('申请合同: 提交 in view at once; a refused one brings 合同抬头 back with its message', async ({
    page,
  }) => {
    await openOrderList(page)
    await openFirst(page, '申请合同')
    const form = page.getByRole('form', { name: '申请合同' })
    await expect(form).toBeVisible()
    await expect(submitOf(page)).toBeInViewport({ ratio: 1 })

    await form.getByRole('radio', { name: '企业' }).click()
    await expect(submitOf(page)).toBeInViewport({ ratio: 1 })
    await form.locator('input[name="contacts"]').fill('李子管')
    await form.locator('input[name="mobile"]').scrollIntoViewIfNeeded()

    await submitOf(page).click()
    await expect(form.locator('input[name="name"]')).toBeInViewport()
    await expect(form.getByText('请输入合同抬头')).toBeInViewport()
    await expect(form.locator('input[name="contacts"]')).toHaveValue('李子管')
  })
})

test.describe('desktop order table at 1366 (doc2 §2 Order list)', () => {
  test('order codes and action links never wrap, and every column keeps its place', async ({ page }) => {
    test.skip(!isDesktop(page), 'the table is the desktop layout; phones show cards')
    await openOrderList(page)
    const table = page.getByRole('table', { name: '订单列表' })
    for (const pageNumber of [1, 2, 3]) {
      if (pageNumber > 1) {
        const first = await table.getByRole('row').nth(1).textContent()
        await page.getByRole('button', { name: `第 ${pageNumber} 页` }).click()
        await expect(table.getByRole('row').nth(1)).not.toHaveText(first ?? '')
      }
      await expect(table.getByRole('columnheader')).toHaveCount(9)
      const layout = await table.evaluate((element) => {
        const lines = (el: Element) => {
          const style = getComputedStyle(el)
          const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2
          return el.getBoundingClientRect().height / lineHeight
        }
        const inside = (el: Element) => {
          const cell = el.closest('[role="cell"]')!.getBoundingClientRect()
          const box = el.getBoundingClientRect()
          return (
            box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5 && el.scrollWidth <= el.clientWidth
          )
        }
        const codes = Array.from(element.querySelectorAll('[role="cell"] [aria-label^="订单详情 "]'))
        const groups = Array.from(element.querySelectorAll('[role="group"][aria-label^="订单 "]'))
        // Each row is a grid of its own: its cells must start where the header's do.
        const starts = (row: Element) =>
          Array.from(row.children).map((cell) => Math.round(cell.getBoundingClientRect().left))
        const rows = Array.from(element.querySelectorAll('[role="row"]'))
        const header = starts(rows[0]!)
        return {
          misaligned: rows.slice(1).filter((row) => starts(row).join() !== header.join()).length,
          overflow: element.scrollWidth - element.clientWidth,
          codes: codes.map((el) => ({ code: el.textContent, lines: lines(el), inside: inside(el) })),
          actions: groups.map((group) => ({
            label: group.getAttribute('aria-label'),
            tops: new Set(Array.from(group.children).map((child) => child.getBoundingClientRect().top)).size,
            inside: inside(group),
          })),
        }
      })
      expect(layout.misaligned, 'rows whose columns are not under their headers').toBe(0)
      expect(layout.overflow).toBeLessThanOrEqual(0)
      expect(layout.codes.length).toBeGreaterThan(0)
      for (const code of layout.codes) {
        expect(code, `${code.code} stays on one line`).toMatchObject({ inside: true })
        expect(code.lines, `${code.code} stays on one line`).toBeLessThan(1.5)
      }
      expect(layout.actions.length).toBeGreaterThan(0)
      for (const actions of layout.actions) {
        expect(actions, `${actions.label} stay on one line`).toMatchObject({ tops: 1, inside: true })
      }
    }
  })
})
