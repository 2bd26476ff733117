import { and, eq } from 'drizzle-orm'
import { accounts, invoiceTitles, operateRecords } from '../../server/db/schema'
import type { InvoiceTitle } from '../../src/core/contract/invoices'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let subAdmin: string
let otherOwner: string
let mainId: number

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  subAdmin = await server.tokenFor(DEMO.subAdmin)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

const enterprise = (fields: Record<string, unknown> = {}) => ({
  subject: 2,
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  enterpriseAddress: '深圳市南山区科技园1号',
  enterpriseTel: '0755-12345678',
  depositBank: '招商银行深圳分行',
  depositBankCard: '6225880212345678',
  mailboxes: ['finance@xingchen-demo.cn', 'boss@xingchen-demo.cn'],
  ...fields,
})

const personal = (fields: Record<string, unknown> = {}) => ({
  subject: 1,
  title: '张星辰',
  code: '11010519491231002x',
  mailboxes: ['owner@xingchen-demo.cn'],
  ...fields,
})

const add = (token: string, body: unknown) =>
  server.post<InvoiceTitle>('/api/pc/addInvoiceTitle', body, { token })
const titlesOf = (accountId: number) =>
  server.db.select().from(invoiceTitles).where(eq(invoiceTitles.accountId, accountId))

describe('saved invoice titles (发票抬头)', () => {
  it('two saved titles: an enterprise with two mailboxes and a person, listed in the order added', async () => {
    const first = await add(owner, enterprise())
    expect(first).toMatchObject({ code: 200, message: '保存成功' })
    expect(first.data).toMatchObject({
      subject: 2,
      mailboxes: ['finance@xingchen-demo.cn', 'boss@xingchen-demo.cn'],
    })
    const second = await add(owner, personal({ enterpriseAddress: '不该保存' }))
    // A person keeps no company details; the ID number is stored upper case.
    expect(second.data).toMatchObject({ code: '11010519491231002X', enterpriseAddress: '' })
    const list = await server.get<InvoiceTitle[]>('/api/pc/getInvoiceTitles', { token: owner })
    expect(list.data.map((t) => t.title)).toEqual(['星辰科技有限公司', '张星辰'])
    const [entry] = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, mainId), eq(operateRecords.content, '新增发票抬头：张星辰')))
    expect(entry).toMatchObject({ type: 17, status: 0 })
  })

  it.each([
    ['no subject', '请选择个人企业', { subject: 0 }],
    ['no title', '请输入发票抬头', { title: ' ' }],
    ['a title over 100 characters', '长度在 1 到 100 个字符', { title: '星'.repeat(101) }],
    ['no tax id', '请输入纳税人识别号', { code: '' }],
    ['a bad bank card', '请输入正确的开户银行卡号', { depositBankCard: '12ab' }],
    ['no mailbox', '请输入正确的邮箱', { mailboxes: [] }],
    ['a bad mailbox', '请输入正确的邮箱', { mailboxes: ['a@b.cn', 'not-mail'] }],
    [
      'six mailboxes',
      '最多填写5个接收邮箱',
      { mailboxes: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${n}@x.cn`) },
    ],
  ])('an enterprise title with %s is refused: %s, nothing written', async (_name, message, fields) => {
    const before = (await titlesOf(mainId)).length
    expect(await add(owner, enterprise(fields))).toEqual({ code: 400, message, data: null })
    expect(await titlesOf(mainId)).toHaveLength(before)
  })

  it('a person’s title needs a valid ID number', async () => {
    expect((await add(owner, personal({ code: '' }))).message).toBe('请输入身份证号')
    expect((await add(owner, personal({ code: '110105194912310021' }))).message).toBe('身份证号格式有误')
  })

  it('editing a title changes it (and only the account’s own); deleting it removes it', async () => {
    const created = (await add(owner, personal({ title: '待修改' }))).data
    const edited = await server.post<InvoiceTitle>(
      '/api/pc/updateInvoiceTitle',
      { ...personal({ title: '已修改' }), id: created.id },
      { token: owner },
    )
    expect(edited.data.title).toBe('已修改')
    const foreign = await server.post(
      '/api/pc/updateInvoiceTitle',
      { ...personal(), id: created.id },
      { token: otherOwner },
    )
    expect(foreign).toEqual({ code: 400, message: '发票抬头不存在', data: null })
    expect(
      await server.post('/api/pc/deleteInvoiceTitle', { id: created.id }, { token: otherOwner }),
    ).toEqual({
      code: 400,
      message: '发票抬头不存在',
      data: null,
    })
    expect(
      (await server.get<InvoiceTitle[]>('/api/pc/getInvoiceTitles', { token: otherOwner })).data,
    ).toEqual([])
    expect(
      await server.post('/api/pc/deleteInvoiceTitle', { id: created.id }, { token: owner }),
    ).toMatchObject({
      code: 200,
      message: '删除成功',
    })
    const left = await titlesOf(mainId)
    expect(left.find((t) => t.id === created.id)).toBeUndefined()
  })

  it('a sub-admin is refused every title call', async () => {
    expect((await server.get('/api/pc/getInvoiceTitles', { token: subAdmin })).code).toBe(403)
    expect((await add(subAdmin, personal())).code).toBe(403)
  })

  it('at most 20 titles per account: the 21st is refused with the limit', async () => {
    const have = (await titlesOf(mainId)).length
    for (let i = have; i < 20; i++) expect((await add(owner, personal({ title: `抬头${i}` }))).code).toBe(200)
    expect(await add(owner, personal({ title: '第二十一个' }))).toEqual({
      code: 400,
      message: '最多保存20个发票抬头',
      data: null,
    })
    expect(await titlesOf(mainId)).toHaveLength(20)
  })

  it('bad types are 非法参数', async () => {
    expect((await add(owner, enterprise({ mailboxes: 'a@b.cn' }))).code).toBe(400)
    expect((await server.post('/api/pc/deleteInvoiceTitle', { id: 'x' }, { token: owner })).code).toBe(400)
  })
})
