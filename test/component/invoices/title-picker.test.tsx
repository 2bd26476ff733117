import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { InvoiceTitle } from '../../../src/core/contract/invoices'
import { InvoiceDialog } from '../../../src/features/invoices/components/InvoiceDialog'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const title = (id: number, fields: Partial<InvoiceTitle> = {}): InvoiceTitle => ({
  id,
  subject: 2,
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  enterpriseAddress: '深圳市南山区科技园1号',
  enterpriseTel: '0755-12345678',
  depositBank: '招商银行深圳分行',
  depositBankCard: '6225880212345678',
  mailboxes: ['finance@xingchen-demo.cn', 'boss@xingchen-demo.cn'],
  updateTime: '2026-11-21T16:30:00Z',
  ...fields,
})

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

let api: FakeApi
function setup(
  titles: () => unknown,
  order: Parameters<typeof InvoiceDialog>[0]['order'] = { id: 9, orderCode: 'MC9', payAmount: 5800 },
) {
  api = installFakeApi()
    .on('GET', '/api/pc/getInvoiceTitles', titles)
    .on('POST', '/api/pc/applyBill', () => ok(null))
    .on('POST', '/api/pc/applyMergedBill', () => ok({ id: 1 }))
  const onApplied = jest.fn()
  render(<InvoiceDialog order={order} onApplied={onApplied} onClose={() => undefined} />)
  return { user: userEvent.setup(), onApplied }
}

describe('常用抬头 in the invoice dialog', () => {
  it('choosing a saved enterprise title fills its fields, the mailboxes joined', async () => {
    const { user } = setup(() =>
      ok([
        title(1),
        title(2, { subject: 1, title: '张星辰', code: '11010519491231002X', mailboxes: ['me@x.cn'] }),
      ]),
    )
    const group = await screen.findByRole('radiogroup', { name: '常用抬头' })
    await user.click(within(group).getByRole('radio', { name: '星辰科技有限公司' }))
    expect(input('title').value).toBe('星辰科技有限公司')
    expect(input('code').value).toBe('91350100M000100Y43')
    expect(input('receiveMail').value).toBe('finance@xingchen-demo.cn, boss@xingchen-demo.cn')
    // A person's title: the ID number goes to 身份证号, the subject follows.
    await user.click(within(group).getByRole('radio', { name: '张星辰' }))
    expect(input('IdCard').value).toBe('11010519491231002X')
    expect(input('code')).toBeNull()
  })

  it('a chosen title is sent as typed, to several mailboxes', async () => {
    const { user, onApplied } = setup(() => ok([title(1)]))
    await user.click(await screen.findByRole('radio', { name: '星辰科技有限公司' }))
    await user.type(input('applicant'), '张星辰')
    await user.type(input('applicantPhone'), '13800000001')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(onApplied).toHaveBeenCalled())
    const [sent] = api.calls.filter((c) => c.path === '/api/pc/applyBill').map((c) => c.body)
    expect(sent).toMatchObject({
      subject: 2,
      title: '星辰科技有限公司',
      receiveMail: 'finance@xingchen-demo.cn, boss@xingchen-demo.cn',
    })
  })

  it('no saved title: says where to add one', async () => {
    setup(() => ok([]))
    expect(await screen.findByText('暂无常用发票抬头，可在发票管理中添加')).toBeInTheDocument()
  })

  it('a failed load shows the message and 重试', async () => {
    setup(() => fail(500, '服务繁忙'))
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('several orders: one merged application of their summed amount', async () => {
    const { user, onApplied } = setup(
      () => ok([title(1)]),
      [
        { id: 1, orderCode: 'MC1', payAmount: 0.1 },
        { id: 2, orderCode: 'MC2', payAmount: 0.2 },
      ],
    )
    expect(screen.getByRole('form', { name: '合并开票（2个订单）' })).toBeInTheDocument()
    expect(input('amount').value).toBe('¥0.30')
    await user.click(await screen.findByRole('radio', { name: '星辰科技有限公司' }))
    await user.type(input('applicant'), '张星辰')
    await user.type(input('applicantPhone'), '13800000001')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(onApplied).toHaveBeenCalled())
    const sent = api.calls.filter((c) => c.path === '/api/pc/applyMergedBill').map((c) => c.body)
    expect(sent).toMatchObject([{ orderCodes: ['MC1', 'MC2'], title: '星辰科技有限公司' }])
  })
})
