import { and, eq, inArray } from 'drizzle-orm'
import {
  accounts,
  invoiceApplicationOrders,
  invoiceApplications,
  invoiceTitles,
  operateRecords,
  orders,
  outbox,
  sandboxMessages,
} from '../../server/db/schema'
import { insertOrder } from '../../server/services/orders/order-lines'
import type { InvoiceApplication, InvoiceTitle } from '../../src/core/contract/invoices'
import type { Page } from '../../src/core/contract/paging'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let subAdmin: string
let otherOwner: string
let mainId: number
let otherId: number

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

type Order = typeof orders.$inferSelect

let serial = 0
async function newOrder(accountId: number, fields: Partial<Order> = {}): Promise<Order> {
  return server.db.transaction((tx) =>
    insertOrder(tx, {
      orderCode: `MERGE${String(++serial).padStart(6, '0')}`,
      accountId,
      skuId: 'SKU-ENT-WEB',
      productName: '企业官网',
      productVersion: '旗舰版',
      productType: 2,
      orderType: 1,
      status: 1,
      salesChannel: 32,
      originalAmount: '5800.00',
      payAmount: '5800.00',
      createdAt: server.clock(),
      ...fields,
    }),
  )
}

const billStatusOf = async (ids: number[]) =>
  (await server.db.select().from(orders).where(inArray(orders.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((o) => o.billStatus)

const form = (orderCodes: string[], fields: Record<string, unknown> = {}) => ({
  orderCodes,
  subject: 2,
  billType: 1,
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  applicant: '张星辰',
  applicantPhone: '13800000001',
  receiveMail: 'finance@xingchen-demo.cn, boss@xingchen-demo.cn',
  amount: 0.01,
  ...fields,
})

const apply = (token: string, body: unknown) =>
  server.post<{ id: number }>('/api/pc/applyMergedBill', body, { token })
const applicationsOf = (accountId: number) =>
  server.db.select().from(invoiceApplications).where(eq(invoiceApplications.accountId, accountId))
const list = (token: string) =>
  server.get<Page<InvoiceApplication>>('/api/pc/getInvoiceList?pageNum=1&pageSize=10', { token })
const issue = (id: number) => server.app.inject({ method: 'POST', url: `/__dev/esign/invoices/${id}/issue` })
const mailsTo = (recipient: string) =>
  server.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, recipient)))

/** The sandbox mailbox's message of that subject, once the outbox delivered it (within 5 s). */
async function delivered(recipient: string, subject: string) {
  for (let tries = 0; tries < 50; tries++) {
    const rows = await server.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.recipient, recipient), eq(sandboxMessages.subject, subject)))
    if (rows.length) return rows[0]
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return null
}

/** Nothing written: no application, the orders as they were. */
async function expectNothingWritten(before: number, ids: number[], states: number[]) {
  expect(await applicationsOf(mainId)).toHaveLength(before)
  expect(await billStatusOf(ids)).toEqual(states)
}

describe('合并开票: POST /api/pc/applyMergedBill', () => {
  it('one application for 3 paid orders: the amount is their sum, all three 已申请, one log entry', async () => {
    const three = [
      await newOrder(mainId, { payAmount: '0.10' }),
      await newOrder(mainId, { payAmount: '0.20' }),
      await newOrder(mainId, { payAmount: '1980.00' }),
    ]
    const answer = await apply(owner, form(three.map((o) => o.orderCode)))
    expect(answer).toMatchObject({ code: 200, message: '申请成功' })
    const [stored] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.id, answer.data.id))
    expect(stored).toMatchObject({
      amount: '1980.30',
      state: 1,
      receiveMail: 'finance@xingchen-demo.cn,boss@xingchen-demo.cn',
    })
    const joined = await server.db
      .select()
      .from(invoiceApplicationOrders)
      .where(eq(invoiceApplicationOrders.applicationId, answer.data.id))
    expect(joined.map((j) => j.orderId).sort()).toEqual(three.map((o) => o.id).sort())
    expect(await billStatusOf(three.map((o) => o.id))).toEqual([2, 2, 2])
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, mainId), eq(operateRecords.type, 17)))
    expect(entry.content).toContain(three[2].orderCode)
    // Applied: any of them again is refused, by name.
    expect(await apply(owner, form([three[1].orderCode]))).toEqual({
      code: 400,
      message: `订单${three[1].orderCode}已申请发票`,
      data: null,
    })
  })

  it('issued by the sandbox: the mail reaches both mailboxes through the outbox; orders show the download', async () => {
    const two = [await newOrder(mainId), await newOrder(mainId)]
    const { data } = await apply(owner, form(two.map((o) => o.orderCode)))
    expect(await mailsTo('finance@xingchen-demo.cn')).toHaveLength(0)
    const issued = await issue(data.id)
    expect(issued.json()).toMatchObject({ code: 200, message: '已开票' })
    for (const mailbox of ['finance@xingchen-demo.cn', 'boss@xingchen-demo.cn']) {
      expect(await mailsTo(mailbox)).toMatchObject([{ accountId: mainId, template: 'invoice' }])
      const mail = await delivered(mailbox, '【会员中心】您的电子发票已开具')
      expect(mail?.body).toContain('/__dev/esign/invoices/')
    }
    expect(await billStatusOf(two.map((o) => o.id))).toEqual([4, 4])
    const [order] = await server.db.select().from(orders).where(eq(orders.id, two[0].id))
    const pdf = await server.app.inject({ method: 'GET', url: order.billUrl })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it.each([
    ['a refunded order', { status: 2 }, '已退款，不能开票'],
    ['an unpaid order', { status: 3 }, '未支付，不能开票'],
    ['an order already applied for', { billStatus: 2 }, '已申请发票'],
    ['an invoiced order', { billStatus: 4 }, '已开票'],
    ['a marketplace order', { salesChannel: 31 }, '不能在此申请发票'],
  ])('%s among paid ones is refused by name, nothing written', async (_name, fields, ending) => {
    const paid = await newOrder(mainId)
    const bad = await newOrder(mainId, fields)
    const before = (await applicationsOf(mainId)).length
    expect(await apply(owner, form([paid.orderCode, bad.orderCode]))).toEqual({
      code: 400,
      message: `订单${bad.orderCode}${ending}`,
      data: null,
    })
    await expectNothingWritten(before, [paid.id, bad.id], [1, bad.billStatus])
  })

  it('another account’s order is refused as unknown, nothing written', async () => {
    const mine = await newOrder(mainId)
    const theirs = await newOrder(otherId)
    const before = (await applicationsOf(mainId)).length
    expect(await apply(owner, form([mine.orderCode, theirs.orderCode]))).toEqual({
      code: 400,
      message: '订单不存在或无权访问',
      data: null,
    })
    await expectNothingWritten(before, [mine.id, theirs.id], [1, 1])
  })

  it('bad input is refused with the form’s message, nothing written', async () => {
    const paid = await newOrder(mainId)
    const before = (await applicationsOf(mainId)).length
    expect((await apply(owner, form([]))).message).toBe('请选择要开票的订单')
    expect((await apply(owner, form([paid.orderCode], { title: '' }))).message).toBe('请输入发票抬头')
    expect((await apply(owner, form([paid.orderCode], { receiveMail: 'a@b.cn; nope' }))).message).toBe(
      '请输入正确的邮箱',
    )
    expect((await apply(owner, { orderCodes: 'x' })).code).toBe(400)
    await expectNothingWritten(before, [paid.id], [1])
  })

  it('two racing applications for the same order: one wins, the other is refused', async () => {
    const shared = await newOrder(mainId)
    const [a, b] = await Promise.all([
      apply(owner, form([shared.orderCode, (await newOrder(mainId)).orderCode])),
      apply(owner, form([shared.orderCode, (await newOrder(mainId)).orderCode])),
    ])
    expect([a.code, b.code].sort()).toEqual([200, 400])
    const holders = await server.db
      .select()
      .from(invoiceApplicationOrders)
      .where(eq(invoiceApplicationOrders.orderId, shared.id))
    expect(holders).toHaveLength(1)
  })

  it('a sub-admin is refused', async () => {
    const paid = await newOrder(mainId)
    expect((await apply(subAdmin, form([paid.orderCode]))).code).toBe(403)
    expect((await list(subAdmin)).code).toBe(403)
  })

  it('the single-order applyBill still works and appears in the list as a one-order application', async () => {
    const order = await newOrder(mainId, { payAmount: '12.50' })
    const answer = await server.post(
      '/api/pc/applyBill',
      {
        orderId: order.id,
        subject: 1,
        billType: 1,
        title: '张星辰',
        IdCard: '11010519491231002X',
        applicant: '张星辰',
        applicantPhone: '13800000001',
        receiveMail: 'owner@xingchen-demo.cn',
      },
      { token: owner },
    )
    expect(answer.code).toBe(200)
    const [first] = (await list(owner)).data.data
    expect(first).toMatchObject({ amount: 12.5, state: 1, orders: [{ orderCode: order.orderCode }] })
  })
})

describe('the 发票 list, the PDF and 换开', () => {
  let applicationId: number
  let orderIds: number[]

  beforeAll(async () => {
    const two = [
      await newOrder(mainId, { payAmount: '100.00' }),
      await newOrder(mainId, { payAmount: '200.00' }),
    ]
    orderIds = two.map((o) => o.id)
    applicationId = (await apply(owner, form(two.map((o) => o.orderCode)))).data.id
  })

  it('lists the account’s applications newest first with state, amount, orders and title; not another’s', async () => {
    const page = (await list(owner)).data
    const mine = page.data.find((a) => a.id === applicationId)!
    expect(mine).toMatchObject({ state: 1, amount: 300, title: '星辰科技有限公司', downloadable: false })
    expect(mine.orders).toHaveLength(2)
    const times = page.data.map((a) => a.createTime)
    expect([...times].sort().reverse()).toEqual(times)
    expect((await list(otherOwner)).data.data.find((a) => a.id === applicationId)).toBeUndefined()
  })

  const download = (token: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/pc/downloadInvoice?id=${applicationId}`,
      headers: { token },
    })

  it('the PDF downloads once issued, for its own account only', async () => {
    expect((await download(owner)).json()).toMatchObject({ code: 400, message: '发票尚未开具' })
    await issue(applicationId)
    const pdf = await download(owner)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain('attachment')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await download(otherOwner)).json()).toMatchObject({ code: 400, message: '发票申请不存在' })
    expect((await download(subAdmin)).json()).toMatchObject({ code: 403 })
  })

  const reissue = (token: string, body: unknown) => server.post('/api/pc/reissueInvoice', body, { token })

  it('换开: a reason is required and bounded; another account is refused; nothing changes', async () => {
    expect(await reissue(owner, { id: applicationId, reason: ' ' })).toEqual({
      code: 400,
      message: '请填写换开原因',
      data: null,
    })
    expect((await reissue(owner, { id: applicationId, reason: '长'.repeat(201) })).message).toBe(
      '换开原因不能超过200个字',
    )
    expect((await reissue(otherOwner, { id: applicationId, reason: '抬头有误' })).message).toBe(
      '发票申请不存在',
    )
    expect((await reissue(subAdmin, { id: applicationId, reason: '抬头有误' })).code).toBe(403)
    const [row] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.id, applicationId))
    expect(row).toMatchObject({ state: 2, reissueReason: '' })
  })

  it('换开: 换开中 with the reason, then re-issued by the sandbox to 已开票 with a new PDF and mail; logged', async () => {
    const [before] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.id, applicationId))
    expect(await reissue(owner, { id: applicationId, reason: '税号填写有误' })).toEqual({
      code: 200,
      message: '已提交换开申请',
      data: null,
    })
    let mine = (await list(owner)).data.data.find((a) => a.id === applicationId)!
    expect(mine).toMatchObject({ state: 3, reissueReason: '税号填写有误', downloadable: false })
    // Asked twice: only an issued invoice can be re-issued.
    expect((await reissue(owner, { id: applicationId, reason: '再次' })).message).toBe(
      '只有已开票的发票可以换开',
    )
    const oldFile = `/__dev/esign/invoices/${before.fileKey}.pdf`
    expect((await issue(applicationId)).json().code).toBe(200)
    mine = (await list(owner)).data.data.find((a) => a.id === applicationId)!
    expect(mine).toMatchObject({ state: 2, downloadable: true })
    const [after] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.id, applicationId))
    expect(after.fileKey).not.toBe(before.fileKey)
    expect(after.reissues).toBe(1)
    // The old file is gone; the orders point at the new one.
    expect((await server.app.inject({ method: 'GET', url: oldFile })).json()).toMatchObject({ code: 404 })
    const rows = await server.db.select().from(orders).where(inArray(orders.id, orderIds))
    expect(rows.every((o) => o.billUrl === `/__dev/esign/invoices/${after.fileKey}.pdf`)).toBe(true)
    const mail = await delivered('boss@xingchen-demo.cn', '【会员中心】您的电子发票已换开')
    expect(mail?.body).toContain(`${after.fileKey}.pdf`)
    const entries = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, mainId), eq(operateRecords.type, 17)))
    expect(
      entries.some((e) => e.content.includes('申请换开发票') && e.content.includes('税号填写有误')),
    ).toBe(true)
  })

  it('editing the saved title later never changes the application', async () => {
    const title = await server.post<InvoiceTitle>(
      '/api/pc/addInvoiceTitle',
      {
        subject: 2,
        title: '星辰科技有限公司',
        code: '91350100M000100Y43',
        mailboxes: ['finance@xingchen-demo.cn'],
      },
      { token: owner },
    )
    await server.post(
      '/api/pc/updateInvoiceTitle',
      {
        id: title.data.id,
        subject: 2,
        title: '星辰科技（新）有限公司',
        code: '91350100M000100Y43',
        mailboxes: ['x@y.cn'],
      },
      { token: owner },
    )
    const [stored] = await server.db.select().from(invoiceTitles).where(eq(invoiceTitles.id, title.data.id))
    expect(stored.title).toBe('星辰科技（新）有限公司')
    const mine = (await list(owner)).data.data.find((a) => a.id === applicationId)!
    expect(mine.title).toBe('星辰科技有限公司')
  })
})
