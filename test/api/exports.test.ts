// 导出 (GET /api/app/exports/:kind): each list as XLSX and CSV, read back; ownership (another
// account's rows never appear, a sub-admin sees only what it may list and no orders at all), the
// fresh session personal data needs, formula injection, filters, refusals, and the operation log.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, desc, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { minutes } from '../../server/context'
import { accounts, invoiceApplications, operateRecords, orders, workOrders } from '../../server/db/schema'
import { EXPORT_MESSAGES, exportPath, type ExportKind } from '../../src/core/contract/exports'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import type { CreatedWorkOrder, ProblemTemplate } from '../../src/core/contract/work-orders'
import { DEMO, useTestServer } from './support/harness'

// Exports of thousands of rows: each test's own time, not a speed check (npm run bench:export is).

const server = useTestServer()

/** The raw answer of an export call (a file, or a JSON envelope when refused). */
const download = (kind: ExportKind, query: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url: `${exportPath(kind)}?${query}`,
    headers: token ? { token } : {},
  })

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: ExcelJS.Row[] = []
  sheet.eachRow((row) => rows.push(row))
  return rows
}

/** RFC 4180 parse (quoted fields, doubled quotes, CRLF records). */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (quoted && c === '"') quoted = false
    else if (quoted) field += c
    else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

const cellTexts = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1).map((v) => v ?? '')

async function accountIdOf(memberAccount: string) {
  const [row] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, memberAccount))
  return row.id
}

async function displayedOrderCodes(accountId: number) {
  const rows = await server.db
    .select({ code: orders.orderCode })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.isDisplay, 1)))
  return rows.map((row) => row.code).sort()
}

describe('订单 export', () => {
  it('writes the account’s displayed orders as XLSX with Chinese labels, yuan and Beijing times', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const answer = await download('orders', 'format=xlsx', token)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    const day = new Date(server.clock().getTime() + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '')
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="orders_${DEMO.mainAccount}_${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`订单_${DEMO.mainAccount}_${day}.xlsx`)}`,
    )
    const [header, ...rows] = await xlsxRows(answer.rawPayload)
    expect(cellTexts(header)).toEqual([
      '订单号',
      '产品名称',
      '产品版本',
      '订单类型',
      '购买时长',
      '原价（元）',
      '实付金额（元）',
      '订单状态',
      '发票状态',
      '创建时间',
      '支付时间',
    ])
    const mine = await displayedOrderCodes(await accountIdOf(DEMO.mainAccount))
    expect(rows.map((row) => String(row.getCell(1).value)).sort()).toEqual(mine)
    const [first] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.orderCode, String(rows[0].getCell(1).value)))
    expect(rows[0].getCell(7).value).toBe(Number(first.payAmount))
    expect(rows[0].getCell(7).numFmt).toBe('0.00')
    expect(['已支付', '已退款', '未支付', '已作废']).toContain(rows[0].getCell(8).value)
    expect(rows[0].getCell(10).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('writes CSV with a BOM, CRLF rows and amounts with two decimals; another account’s rows never appear', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const answer = await download('orders', 'format=csv', token)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toContain(`filename="orders_${DEMO.otherAccount}_`)
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const [header, ...rows] = csvRows(answer.body.slice(1))
    expect(header[0]).toBe('订单号')
    const theirs = await displayedOrderCodes(await accountIdOf(DEMO.otherAccount))
    expect(rows.map((row) => row[0]).sort()).toEqual(theirs)
    const owners = await displayedOrderCodes(await accountIdOf(DEMO.mainAccount))
    expect(rows.some((row) => owners.includes(row[0]))).toBe(false)
    for (const row of rows) expect(row[6]).toMatch(/^\d+\.\d{2}$/)
  })

  it('exports the orders created within the Beijing days asked for', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const accountId = await accountIdOf(DEMO.mainAccount)
    const base = { accountId, skuId: 'sku-x', productName: '范围测试', productType: 1, orderType: 1 }
    const amounts = { status: 3, originalAmount: '10.00', payAmount: '10.00' }
    // 2020-03-01 00:00 and 23:59 Beijing are in; 2020-02-29 23:59 and 2020-03-02 00:00 are out.
    await server.db.insert(orders).values([
      { ...base, ...amounts, orderCode: 'RANGE-IN-1', createdAt: new Date('2020-02-29T16:00:00Z') },
      { ...base, ...amounts, orderCode: 'RANGE-IN-2', createdAt: new Date('2020-03-01T15:59:00Z') },
      { ...base, ...amounts, orderCode: 'RANGE-OUT-1', createdAt: new Date('2020-02-29T15:59:00Z') },
      { ...base, ...amounts, orderCode: 'RANGE-OUT-2', createdAt: new Date('2020-03-01T16:00:00Z') },
    ])
    const answer = await download('orders', 'format=csv&from=2020-03-01&to=2020-03-01', token)
    const codes = csvRows(answer.body.slice(1))
      .slice(1)
      .map((row) => row[0])
    expect(codes).toEqual(['RANGE-IN-2', 'RANGE-IN-1'])
  })

  it('refuses a sub-admin (like its missing 订单管理 tab) and a caller without a session', async () => {
    const subAdmin = await server.tokenFor(DEMO.subAdmin)
    for (const kind of ['orders', 'invoices'] as const) {
      const refused = await download(kind, 'format=xlsx', subAdmin)
      expect(refused.json()).toEqual({ code: 403, message: '无权访问', data: null })
    }
    expect((await download('orders', 'format=xlsx')).json().code).toBe(996)
  })

  it('refuses a bad format or range with the export’s messages, and logs nothing', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const before = await exportEntries(DEMO.otherAccount)
    for (const query of ['', 'format=pdf', 'format=']) {
      expect((await download('orders', query, token)).json()).toEqual({
        code: 400,
        message: EXPORT_MESSAGES.badFormat,
        data: null,
      })
    }
    for (const query of ['from=2026-02-30', 'from=2026-12-06&to=2026-12-01', 'to=12/06/2026']) {
      expect((await download('orders', `format=csv&${query}`, token)).json()).toEqual({
        code: 400,
        message: EXPORT_MESSAGES.badRange,
        data: null,
      })
    }
    expect((await download('nothing' as ExportKind, 'format=csv', token)).json().code).toBe(400)
    expect(await exportEntries(DEMO.otherAccount)).toEqual(before)
  })

  it('writes every export into the operation log with what and how many rows', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const answer = await download('orders', 'format=csv&from=2000-01-01', token)
    const rows = csvRows(answer.body.slice(1)).length - 1
    const [entry] = await exportEntries(DEMO.otherAccount)
    expect(entry).toMatchObject({
      type: OPERATE_TYPE.exportRecords,
      status: 0,
      content: `导出订单（CSV，2000-01-01 至 今天）：${rows} 条`,
      ip: '127.0.0.1',
    })
  })
})

async function exportEntries(memberAccount: string) {
  return server.db
    .select()
    .from(operateRecords)
    .where(
      and(
        eq(operateRecords.accountId, await accountIdOf(memberAccount)),
        eq(operateRecords.type, OPERATE_TYPE.exportRecords),
      ),
    )
    .orderBy(desc(operateRecords.id))
}

describe('发票 export', () => {
  it('writes the account’s invoice applications with their order and labels, never another account’s', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const mine = await server.db
      .select({
        code: orders.orderCode,
        amount: invoiceApplications.amount,
        title: invoiceApplications.title,
      })
      .from(invoiceApplications)
      .innerJoin(orders, eq(orders.id, invoiceApplications.orderId))
      .where(eq(invoiceApplications.accountId, await accountIdOf(DEMO.mainAccount)))
    expect(mine.length).toBeGreaterThan(0)
    const [header, ...rows] = await xlsxRows((await download('invoices', 'format=xlsx', token)).rawPayload)
    expect(cellTexts(header).slice(0, 3)).toEqual(['申请时间', '订单号', '发票类型'])
    expect(rows.map((row) => String(row.getCell(2).value)).sort()).toEqual(mine.map((m) => m.code).sort())
    const first = mine.find((m) => m.code === rows[0].getCell(2).value)!
    expect(rows[0].getCell(5).value).toBe(first.title)
    expect(rows[0].getCell(8).value).toBe(Number(first.amount))

    const other = await server.tokenFor(DEMO.otherOwner)
    const theirs = csvRows((await download('invoices', 'format=csv', other)).body.slice(1)).slice(1)
    expect(theirs.some((row) => mine.some((m) => m.code === row[1]))).toBe(false)
  })
})

describe('batches', () => {
  it('reads past the batch size without losing or repeating rows created at the same instant', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const accountId = await accountIdOf(DEMO.otherAccount)
    const at = new Date('2019-05-01T04:00:00Z')
    const count = 2_345
    await server.db.insert(orders).values(
      Array.from({ length: count }, (_, i) => ({
        accountId,
        orderCode: `BATCH-${i}`,
        skuId: 'sku-x',
        productName: '批量',
        productType: 1,
        orderType: 1,
        status: 1,
        originalAmount: '1.00',
        payAmount: '1.00',
        createdAt: at,
      })),
    )
    const answer = await download('orders', 'format=xlsx&from=2019-05-01&to=2019-05-01', token)
    const rows = (await xlsxRows(answer.rawPayload)).slice(1)
    expect(rows).toHaveLength(count)
    expect(new Set(rows.map((row) => row.getCell(1).value)).size).toBe(count)
  })
})

describe('a download that goes away', () => {
  it('stops reading and is logged as unfinished', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const accountId = await accountIdOf(DEMO.otherAccount)
    // Far more than the socket buffers hold, so the export is still reading when the client leaves.
    await server.db.execute(sql`
      insert into orders (order_code, account_id, sku_id, product_name, product_type, order_type, status,
        original_amount, pay_amount, created_at)
      select 'GONE-' || g, ${accountId}, 'sku-x', '中途断开', 1, 1, 1, 1.00, 1.00,
        timestamptz '2018-03-01 04:00:00+00' + g * interval '1 second'
      from generate_series(1, 60000) g`)
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = server.app.server.address() as AddressInfo
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `${exportPath('orders')}?format=csv&from=2018-03-01&to=2018-03-02`,
          headers: { token },
        },
        (response) => {
          response.once('data', () => {
            request.destroy()
            resolve()
          })
        },
      )
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)))
    })
    const logged = async () => (await exportEntries(DEMO.otherAccount))[0]?.content ?? ''
    for (let tries = 0; tries < 100 && !(await logged()).includes('未完成'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await logged()).toMatch(/^导出订单（CSV，2018-03-01 至 2018-03-02）：\d+ 条，未完成$/)
    const [entry] = await exportEntries(DEMO.otherAccount)
    expect(entry.status).toBe(1)
    expect(Number(/：(\d+) 条/.exec(entry.content)![1])).toBeLessThan(60_000)
  })
})

describe('我的工单 export', () => {
  let owner: string
  let created: CreatedWorkOrder

  beforeAll(async () => {
    owner = await server.tokenFor(DEMO.owner)
    const templates = await server.get<ProblemTemplate[]>('/api/acWorkOrder/getWorkList?workType=2&state=1', {
      token: owner,
    })
    const template = templates.data.find((t) => t.taskName === '网站功能异常')!
    const fields = {
      orderCode: 'MC202611000006',
      telPhone: '13900001111',
      description: '=HYPERLINK("http://x")',
    }
    const answer = await server.post<CreatedWorkOrder>(
      '/api/acWorkOrder/createWorkOrder',
      {
        type: 2,
        templateId: template.id,
        source: 1,
        acWorkOrderDataPos: Object.entries(fields).map(([fieldCode, fieldValue], sort) => ({
          fieldCode,
          fieldValue,
          sort,
        })),
        acWorkOrderFilePos: [],
      },
      { token: owner },
    )
    expect(answer.code).toBe(200)
    created = answer.data
  })

  it('writes a description that looks like a formula as text, in XLSX and CSV', async () => {
    const xlsx = await download('workOrders', `format=xlsx&orderNum=${created.number}`, owner)
    const [, row] = await xlsxRows(xlsx.rawPayload)
    expect(row.getCell(1).value).toBe(created.number)
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String)
    expect(row.getCell(3).value).toBe('=HYPERLINK("http://x")')
    expect(row.getCell(3).formula).toBeUndefined()
    expect(row.getCell(4).value).toBe('已分配')

    const csv = await download('workOrders', `format=csv&orderNum=${created.number}`, owner)
    const [, line] = csvRows(csv.body.slice(1))
    expect(line[2]).toBe(`'=HYPERLINK("http://x")`)
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`)
  })

  it('applies the list’s filters and shows a sub-admin only the work orders it may list', async () => {
    const all = csvRows((await download('workOrders', 'format=csv', owner)).body.slice(1)).slice(1)
    const listed = await server.get<{ total: number }>(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=1',
      { token: owner },
    )
    expect(all).toHaveLength(listed.data.total)
    const assigned = csvRows(
      (await download('workOrders', 'format=csv&status=0', owner)).body.slice(1),
    ).slice(1)
    expect(assigned.length).toBeGreaterThan(0)
    expect(assigned.every((row) => row[3] === '已分配')).toBe(true)
    expect(assigned.length).toBeLessThan(all.length)

    const subAdmin = await server.tokenFor(DEMO.subAdmin)
    const theirs = csvRows((await download('workOrders', 'format=csv', subAdmin)).body.slice(1)).slice(1)
    const subList = await server.get<{ data: { number: string }[] }>(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=100',
      { token: subAdmin },
    )
    expect(theirs.map((row) => row[0]).sort()).toEqual(subList.data.data.map((w) => w.number).sort())
    expect(theirs.map((row) => row[0])).not.toContain(created.number)

    const other = await server.tokenFor(DEMO.otherOwner)
    const strangers = csvRows((await download('workOrders', 'format=csv', other)).body.slice(1)).slice(1)
    const otherId = await accountIdOf(DEMO.otherAccount)
    const theirOwn = await server.db.select().from(workOrders).where(eq(workOrders.accountId, otherId))
    expect(strangers.map((row) => row[0]).sort()).toEqual(
      theirOwn
        .filter((w) => !w.deletedAt)
        .map((w) => w.number)
        .sort(),
    )
  })
})

describe('personal data: 操作日志 and the login history', () => {
  it('needs a fresh session (操作保护), then exports the viewer’s own entries', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    server.clock.advance(minutes(11))
    for (const kind of ['operateLog', 'loginHistory'] as const) {
      const refused = (await download(kind, 'format=csv', token)).json()
      expect(refused.code).toBe(REVERIFY_CODE)
      expect(refused.data).toMatchObject({ method: expect.any(String) })
    }
    const fresh = await server.tokenFor(DEMO.otherOwner)
    const log = csvRows((await download('operateLog', 'format=csv', fresh)).body.slice(1))
    expect(log[0]).toEqual(['操作时间', '操作人', '操作类型', '操作内容', '状态', 'IP'])
    expect(log.slice(1).every((row) => row[1] === DEMO.otherAccount)).toBe(true)
    expect(log.slice(1).some((row) => row[2] === '导出')).toBe(true)

    const logins = await xlsxRows((await download('loginHistory', 'format=xlsx', fresh)).rawPayload)
    expect(cellTexts(logins[0])).toEqual(['登录时间', '结果', '登录方式', 'IP', '城市', '设备'])
    expect(logins.length).toBeGreaterThan(1)
    expect(cellTexts(logins[1]).slice(1, 3)).toEqual(['成功', '密码登录'])
    const [entry] = await exportEntries(DEMO.otherAccount)
    expect(entry.content).toMatch(/^导出登录历史（XLSX）：\d+ 条$/)
  })
})
