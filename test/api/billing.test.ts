import { and, eq } from 'drizzle-orm'
import { accounts, contractApplications, invoiceApplications, orders } from '../../server/db/schema'
import type { Region } from '../../src/core/contract/invoices'
import { insertOrder } from '../../server/services/orders/order-lines'
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

/** A fresh order of the account in the given state (so tests do not share one). */
let serial = 0
async function newOrder(accountId: number, fields: Partial<Order> = {}): Promise<Order> {
  return server.db.transaction((tx) =>
    insertOrder(tx, {
      orderCode: `TEST${String(++serial).padStart(6, '0')}`,
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

const reread = async (id: number) => (await server.db.select().from(orders).where(eq(orders.id, id)))[0]

const electronic = (orderId: number, fields: Record<string, unknown> = {}) => ({
  orderId,
  subject: 1,
  billType: 1,
  title: '张星辰',
  IdCard: '11010519491231002X',
  applicant: '张星辰',
  applicantPhone: '13800000001',
  receiveMail: 'owner@xingchen-demo.cn',
  ...fields,
})

const applyBill = (token: string, body: Record<string, unknown>) =>
  server.post<null>('/api/pc/applyBill', body, { token })

describe('GET /api/pc/getTreeAddress', () => {
  it('answers a province / city / district tree to the main account only', async () => {
    const tree = await server.get<Region[]>('/api/pc/getTreeAddress', { token: owner })
    expect(tree.code).toBe(200)
    const guangdong = tree.data.find((p) => p.name === '广东省')!
    const shenzhen = guangdong.children!.find((c) => c.name === '深圳市')!
    expect(shenzhen.children!.map((a) => a.name)).toContain('南山区')
    expect(tree.data.length).toBeGreaterThanOrEqual(3)
    expect((await server.get('/api/pc/getTreeAddress', { token: subAdmin })).code).toBe(403)
  })
})

describe('POST /api/pc/applyBill (doc2 §3-§5 Invoice)', () => {
  it('申请成功: stores the application with the order’s amount (the client’s is ignored); billStatus 2', async () => {
    const order = await newOrder(mainId, { payAmount: '1980.00' })
    const answer = await applyBill(owner, electronic(order.id, { amount: 0.01, content: '咨询费' }))
    expect(answer).toEqual({ code: 200, message: '申请成功', data: null })
    const [stored] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.orderId, order.id))
    expect(stored).toMatchObject({ amount: '1980.00', content: '技术服务费', code: '11010519491231002X' })
    expect((await reread(order.id)).billStatus).toBe(2)
    // Applied: a second application is refused.
    expect(await applyBill(owner, electronic(order.id))).toEqual({
      code: 400,
      message: '该订单当前不能申请发票',
      data: null,
    })
  })

  it('a paper invoice gets province + city + detail as its address, whatever the client sent', async () => {
    const order = await newOrder(mainId)
    const answer = await applyBill(
      owner,
      electronic(order.id, {
        subject: 2,
        billType: 3,
        title: '星辰科技有限公司',
        code: '91350100M000100Y43',
        receiveName: '张星辰',
        receivePhone: '13800000001',
        province: 440000,
        city: 440300,
        area: 440305,
        address: '科技园1号',
        receiveAddress: '别处',
        enterpriseAddress: '深圳市南山区科技园1号',
        enterpriseTel: '0755-12345678',
        depositBank: '招商银行深圳分行',
        depositBankCard: '6225880212345678',
      }),
    )
    expect(answer.message).toBe('申请成功')
    const [stored] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.orderId, order.id))
    expect(stored).toMatchObject({ receiveAddress: '广东省深圳市科技园1号', idCard: '', receiveMail: '' })
  })

  it.each([
    ['no subject', { subject: undefined }, '请选择个人企业'],
    ['no type', { billType: undefined }, '请选择类型'],
    ['no title', { title: ' ' }, '请输入发票抬头'],
    ['a bad ID number', { IdCard: '110105194912310021' }, '身份证号格式有误'],
    ['a bad phone', { applicantPhone: '1380000' }, '请输入正确的手机号'],
    ['a bad e-mail', { receiveMail: 'owner@' }, '请输入正确的邮箱'],
    ['enterprise without tax id', { subject: 2 }, '请输入纳税人识别号'],
    ['special paper without bank card', { subject: 2, code: '9135', billType: 3 }, '请输入企业地址'],
    ['paper without receiver', { billType: 2 }, '请输入收件人姓名'],
    [
      'a region that does not nest',
      {
        billType: 2,
        receiveName: '张',
        receivePhone: '13800000001',
        province: 440000,
        city: 110100,
        area: 110101,
        address: '路',
      },
      '请选择省',
    ],
  ])('refuses %s with the spec message', async (_name, fields, message) => {
    const order = await newOrder(mainId)
    expect(await applyBill(owner, electronic(order.id, fields))).toEqual({ code: 400, message, data: null })
    expect((await reread(order.id)).billStatus).toBe(1)
  })

  it.each([
    ['unpaid', { status: 3 }],
    ['voided', { status: 4 }],
    ['refunded', { status: 2 }],
    ['applied', { billStatus: 2 }],
    ['issuing', { billStatus: 3 }],
    ['issued', { billStatus: 4 }],
    ['channel 31', { salesChannel: 31 }],
    ['channel 1723 (a partner’s page)', { salesChannel: 1723 }],
    ['channel 1638 (the marketplace)', { salesChannel: 1638 }],
  ])('refuses an order that is %s', async (_name, fields) => {
    const order = await newOrder(mainId, fields)
    expect(await applyBill(owner, electronic(order.id))).toEqual({
      code: 400,
      message: '该订单当前不能申请发票',
      data: null,
    })
  })

  it('a rejected invoice (billStatus 5) may be applied for again', async () => {
    const order = await newOrder(mainId, { billStatus: 5 })
    expect((await applyBill(owner, electronic(order.id))).message).toBe('申请成功')
    expect((await reread(order.id)).billStatus).toBe(2)
  })

  it('refuses another account’s order and a sub-administrator', async () => {
    const theirs = await newOrder(otherId)
    expect(await applyBill(owner, electronic(theirs.id))).toEqual({
      code: 403,
      message: '无权访问',
      data: null,
    })
    const mine = await newOrder(mainId)
    expect((await applyBill(subAdmin, electronic(mine.id))).code).toBe(403)
    expect((await applyBill(otherOwner, electronic(mine.id))).code).toBe(403)
    expect((await reread(mine.id)).billStatus).toBe(1)
  })
})

const personalContract = (orderId: number, fields: Record<string, unknown> = {}) => ({
  orderId,
  applyType: 0,
  name: '张星辰',
  idType: 'CRED_PSN_CH_IDCARD',
  idNumber: '11010519491231002X',
  contacts: '张星辰',
  mobile: '13800000001',
  ...fields,
})

const enterpriseContract = (orderId: number, fields: Record<string, unknown> = {}) => ({
  orderId,
  applyType: 1,
  name: '星辰科技有限公司',
  orgName: '星辰科技有限公司',
  idType: 'CRED_ORG_USCC',
  facNumber: '91350100M000100Y43',
  orgLegalIdType: 'CRED_PSN_CH_IDCARD',
  orgLegalIdNumber: '11010519491231002X',
  orgLegalName: '张星辰',
  contacts: '李子管',
  mobile: '13800000001',
  ...fields,
})

interface Docs {
  docs: { fileName: string; fileUrl: string }[]
}

const applyContract = (token: string, body: Record<string, unknown>) =>
  server.post<Docs>('/api/esign/applyContract', body, { token })

async function download(fileUrl: string) {
  return server.app.inject({ method: 'GET', url: new URL(fileUrl).pathname })
}

describe('POST /api/esign/applyContract and GET getContractUrl (doc2 §3-§5 Contract)', () => {
  it('signs in the sandbox: signStatus 2 and a real PDF naming the order', async () => {
    const order = await newOrder(mainId, { productType: 1 })
    const answer = await applyContract(owner, enterpriseContract(order.id))
    expect(answer.code).toBe(200)
    expect(answer.message).toBe('申请成功')
    expect((await reread(order.id)).signStatus).toBe(2)
    const file = await download(answer.data.docs[0].fileUrl)
    expect(file.headers['content-type']).toBe('application/pdf')
    const pdf = file.rawPayload.toString('latin1')
    expect(pdf.startsWith('%PDF-1.4')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    // The order code drawn as UCS-2 hex in the page's text.
    const hex = [...order.orderCode]
      .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
      .join('')
      .toUpperCase()
    expect(pdf).toContain(hex)
    // The cross-reference offsets point at the objects.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1])
    expect(pdf.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true))
    expect(offsets).toHaveLength(8)

    const url = await server.get<Docs>(`/api/esign/getContractUrl?orderId=${order.id}`, { token: owner })
    expect(url.data.docs[0].fileUrl).toBe(answer.data.docs[0].fileUrl)
    expect(await applyContract(owner, enterpriseContract(order.id))).toEqual({
      code: 400,
      message: '该订单当前不能申请合同',
      data: null,
    })
  })

  it('serves the contract sample to anyone: a PDF shown inline and cached, the same in production', async () => {
    const production = await server.buildVariant({ production: true })
    for (const app of [server.app, production]) {
      const sample = await app.inject({ method: 'GET', url: '/api/esign/contractSample' })
      expect(sample.statusCode).toBe(200)
      expect(sample.headers['content-type']).toBe('application/pdf')
      expect(sample.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/)
      expect(sample.headers['cache-control']).toBe('public, max-age=86400')
      const pdf = sample.rawPayload.toString('latin1')
      expect(pdf.startsWith('%PDF-1.4')).toBe(true)
      // 技术服务合同（样本）, drawn as UCS-2 hex.
      expect(pdf).toContain('FF086837672CFF09')
    }
  })

  it.each([3, 4])(
    'a refused or expired contract (signStatus %i) may be applied for again',
    async (signStatus) => {
      const order = await newOrder(mainId, { signStatus })
      expect((await applyContract(owner, personalContract(order.id))).code).toBe(200)
    },
  )

  it.each([
    ['no title', personalContract, { name: '' }, '请输入合同抬头'],
    ['no number', personalContract, { idNumber: '' }, '请输入证件号码'],
    ['a bad mainland ID', personalContract, { idNumber: '110105194912310021' }, '大陆身份证格式有误'],
    [
      'a bad Taiwan permit',
      personalContract,
      { idType: 'CRED_PSN_CH_TWCARD', idNumber: '123' },
      '台湾来往大陆通行证格式有误',
    ],
    [
      'a bad Macao permit',
      personalContract,
      { idType: 'CRED_PSN_CH_MACAO', idNumber: 'H12345678' },
      '澳门来往大陆通行证格式有误',
    ],
    [
      'a bad Hong Kong permit',
      personalContract,
      { idType: 'CRED_PSN_CH_HONGKONG', idNumber: 'M12345678' },
      '香港来往大陆通行证格式有误',
    ],
    ['a bad passport', personalContract, { idType: 'CRED_PSN_PASSPORT', idNumber: 'E1' }, '护照格式有误'],
    ['no contact', personalContract, { contacts: ' ' }, '请输入联系人'],
    ['no mobile', personalContract, { mobile: '' }, '请输入手机号码'],
    ['a bad mobile', personalContract, { mobile: '2380000000' }, '手机号码格式有误'],
    ['an unknown id type', personalContract, { idType: 'X' }, '请选择证件类型'],
    [
      'a bad credit code',
      enterpriseContract,
      { facNumber: '91350100M000100Y44' },
      '统一社会信用代码格式有误',
    ],
    [
      'a bad registration number',
      enterpriseContract,
      { idType: 'CRED_ORG_REGCODE', facNumber: '1234' },
      '工商注册号格式有误',
    ],
    ['no legal id', enterpriseContract, { orgLegalIdNumber: '' }, '请输入法定代表人证件号'],
  ])('refuses %s with the spec message', async (_name, build, fields, message) => {
    const order = await newOrder(mainId)
    expect(await applyContract(owner, build(order.id, fields))).toEqual({ code: 400, message, data: null })
    expect((await reread(order.id)).signStatus).toBe(0)
  })

  it.each([
    ['unpaid', { status: 3 }],
    ['of product type 3', { productType: 3 }],
    ['signing', { signStatus: 1 }],
    ['signed', { signStatus: 2 }],
    ['from the marketplace (1638)', { salesChannel: 1638 }],
  ])('refuses an order that is %s', async (_name, fields) => {
    const order = await newOrder(mainId, fields)
    expect((await applyContract(owner, personalContract(order.id))).message).toBe('该订单当前不能申请合同')
  })

  it('refuses another account, a sub-administrator, and a contract URL of an unsigned order', async () => {
    const theirs = await newOrder(otherId)
    expect((await applyContract(owner, personalContract(theirs.id))).code).toBe(403)
    expect((await server.get(`/api/esign/getContractUrl?orderId=${theirs.id}`, { token: owner })).code).toBe(
      403,
    )
    const mine = await newOrder(mainId)
    expect((await applyContract(subAdmin, personalContract(mine.id))).code).toBe(403)
    expect(await server.get(`/api/esign/getContractUrl?orderId=${mine.id}`, { token: owner })).toEqual({
      code: 400,
      message: '合同尚未签署',
      data: null,
    })
    const stored = await server.db
      .select()
      .from(contractApplications)
      .where(and(eq(contractApplications.orderId, theirs.id)))
    expect(stored).toHaveLength(0)
  })

  it('an unknown file key is a 404; production has no sandbox and refuses to sign', async () => {
    const missing = await server.app.inject({
      method: 'GET',
      url: `/__dev/esign/files/${'0'.repeat(32)}.pdf`,
    })
    expect(missing.json()).toMatchObject({ code: 404 })
    const production = await server.buildVariant({ production: true })
    const order = await newOrder(mainId)
    const answer = await production.inject({
      method: 'POST',
      url: '/api/esign/applyContract',
      headers: { token: owner },
      payload: personalContract(order.id),
    })
    expect(answer.json()).toEqual({ code: 400, message: '电子签服务暂未开通', data: null })
  })
})
