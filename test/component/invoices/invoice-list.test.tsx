import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { InvoiceApplication, InvoiceTitle } from '../../../src/core/contract/invoices'
import { InvoiceList } from '../../../src/features/invoices/components/InvoiceList'
import { InvoiceTitles } from '../../../src/features/invoices/components/InvoiceTitles'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const application = (id: number, fields: Partial<InvoiceApplication> = {}): InvoiceApplication => ({
  id,
  state: 1,
  subject: 2,
  billType: 1,
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  amount: 300,
  orders: [
    { id: 1, orderCode: 'MC1', payAmount: 100 },
    { id: 2, orderCode: 'MC2', payAmount: 200 },
  ],
  receiveMail: 'finance@xingchen-demo.cn',
  createTime: '2026-11-21T16:30:00Z',
  issueTime: null,
  reissueReason: '',
  downloadable: false,
  ...fields,
})

let api: FakeApi
function serve(list: () => unknown) {
  api = installFakeApi()
    .on('GET', '/api/pc/getInvoiceList', list)
    .on('POST', '/api/pc/reissueInvoice', () => ok(null))
  render(<InvoiceList />)
  return userEvent.setup()
}
const page = (rows: InvoiceApplication[]) => () => ok({ data: rows, total: rows.length, pages: 1 })

describe('the 发票 list', () => {
  beforeEach(() => {
    mockDesktop = true
  })

  it('shows each application’s title, orders, amount and state; actions by state', async () => {
    serve(
      page([
        application(3, { state: 3, reissueReason: '税号有误' }),
        application(2, { state: 2, downloadable: true }),
        application(1),
      ]),
    )
    const table = await screen.findByRole('table', { name: '发票申请列表' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-2)?.textContent)).toEqual([
      '换开中',
      '已开票',
      '申请中',
    ])
    expect(rows[0].textContent).toContain('MC1、MC2')
    expect(rows[0].textContent).toContain('¥300.00')
    expect(within(rows[1]).getByRole('button', { name: '下载发票' })).toBeInTheDocument()
    expect(within(rows[1]).getByRole('button', { name: '换开' })).toBeInTheDocument()
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument()
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument()
  })

  it('empty: says there is none', async () => {
    serve(page([]))
    expect(await screen.findByText('暂无发票申请')).toBeInTheDocument()
  })

  it('a failed load shows the message and 重试', async () => {
    serve(() => fail(500, '服务繁忙'))
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('换开 asks a reason (required), sends it and reloads the list', async () => {
    let rows = [application(2, { state: 2, downloadable: true })]
    const user = serve(() => ok({ data: rows, total: 1, pages: 1 }))
    await user.click(await screen.findByRole('button', { name: '换开' }))
    const dialog = screen.getByRole('form', { name: '申请换开' })
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await within(dialog).findByText('请填写换开原因')).toBeInTheDocument()
    expect(api.calls.some((c) => c.path === '/api/pc/reissueInvoice')).toBe(false)
    rows = [application(2, { state: 3, reissueReason: '税号有误' })]
    await user.type(document.querySelector('input[name="reason"]') as HTMLInputElement, '税号有误')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await screen.findByText('换开中')).toBeInTheDocument()
    expect(api.calls.find((c) => c.path === '/api/pc/reissueInvoice')?.body).toEqual({
      id: 2,
      reason: '税号有误',
    })
  })

  it('on phones, cards with the same facts', async () => {
    mockDesktop = false
    serve(page([application(2, { state: 2, downloadable: true })]))
    const card = await screen.findByRole('listitem', { name: '发票 星辰科技有限公司' })
    expect(card.textContent).toContain('已开票')
    expect(card.textContent).toContain('订单：MC1、MC2')
  })
})

const title = (id: number, name: string): InvoiceTitle => ({
  id,
  subject: 2,
  title: name,
  code: '91350100M000100Y43',
  enterpriseAddress: '',
  enterpriseTel: '',
  depositBank: '',
  depositBankCard: '',
  mailboxes: ['finance@xingchen-demo.cn'],
  updateTime: '2026-11-21T16:30:00Z',
})

describe('常用发票抬头', () => {
  it('adds a title with the form’s rules, then lists it', async () => {
    let titles: InvoiceTitle[] = []
    api = installFakeApi()
      .on('GET', '/api/pc/getInvoiceTitles', () => ok(titles))
      .on('POST', '/api/pc/addInvoiceTitle', (body) => {
        titles = [{ ...title(1, String(body.title)), mailboxes: body.mailboxes as string[] }]
        return ok(titles[0])
      })
    render(<InvoiceTitles />)
    const user = userEvent.setup()
    expect(await screen.findByText('暂无常用发票抬头')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '新增抬头' }))
    const dialog = screen.getByRole('form', { name: '新增发票抬头' })
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('请输入发票抬头')).toBeInTheDocument()
    expect(within(dialog).getByText('请输入正确的邮箱')).toBeInTheDocument()
    const field = (name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement
    await user.type(field('title'), '星辰科技有限公司')
    await user.type(field('code'), '91350100M000100Y43')
    await user.type(field('mailboxes'), 'a@x.cn, b@x.cn')
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await screen.findByRole('listitem', { name: '星辰科技有限公司' })).toBeInTheDocument()
    expect(api.calls.find((c) => c.path === '/api/pc/addInvoiceTitle')?.body).toMatchObject({
      mailboxes: ['a@x.cn', 'b@x.cn'],
    })
  })

  it('deleting asks first; cancelling keeps it, confirming deletes it', async () => {
    let titles = [title(1, '星辰科技有限公司')]
    api = installFakeApi()
      .on('GET', '/api/pc/getInvoiceTitles', () => ok(titles))
      .on('POST', '/api/pc/deleteInvoiceTitle', () => {
        titles = []
        return ok(null)
      })
    render(<InvoiceTitles />)
    const user = userEvent.setup()
    const row = await screen.findByRole('listitem', { name: '星辰科技有限公司' })
    await user.click(within(row).getByRole('button', { name: '删除' }))
    expect(screen.getByText(/确定删除发票抬头“星辰科技有限公司”吗/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(api.calls.some((c) => c.path === '/api/pc/deleteInvoiceTitle')).toBe(false)
    await user.click(within(row).getByRole('button', { name: '删除' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('暂无常用发票抬头')).toBeInTheDocument()
  })
})
