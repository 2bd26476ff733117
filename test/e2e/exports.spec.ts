import ExcelJS from 'exceljs'
import { expect, test } from './support/fixtures'
import { loginAs, MAIN_PHONE } from './support/console'

// 导出 on 订单管理: the file downloads under its Chinese name and opens as a workbook of the
// account's orders (read back with exceljs).

test('订单管理 downloads the orders as an XLSX workbook', async ({ page }) => {
  await loginAs(page, MAIN_PHONE)
  await expect(page).toHaveURL(/\/index$/)
  await page.goto('/orderlist')
  await page.getByRole('button', { name: '导出' }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Excel（XLSX）' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^订单_demo_main_\d{8}\.xlsx$/)

  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  const sheet = workbook.worksheets[0]
  expect(sheet.getRow(1).getCell(1).value).toBe('订单号')
  expect(sheet.rowCount).toBeGreaterThan(1)
  expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^MC\d+/)
  await expect(page.getByRole('button', { name: '导出' })).toHaveAttribute('aria-disabled', 'false')
})
