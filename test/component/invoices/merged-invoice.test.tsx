import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Order } from '../../../src/core/contract/orders'
import { MergedInvoiceButton } from '../../../src/features/invoices/components/MergedInvoiceButton'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const order = (id: number, fields: Partial<Order> = {}): Order => ({
  id,
  orderCode: `MC${id}`,
  businessId: 1,
  productName: '企业官网',
  productVersion: '旗舰版',
  orderTypeStr: '新购',
  cycleNum: 1,
  payMethod: '年',
  createTime: '2026-11-21T16:30:00Z',
  payTime: '2026-11-21T16:31:00Z',
  status: 1,
  originalAmount: 100,
  payAmount: 100,
  salesChannel: 32,
  productType: 2,
  signStatus: 0,
  billStatus: 1,
  billUrl: '',
  isEvaluate: 0,
  isDisplay: 1,
  lines: [],
  ...fields,
})

let api: FakeApi
function setup(orders: () => unknown) {
  api = installFakeApi()
    .on('GET', '/api/pc/getOrder', orders)
    .on('GET', '/api/pc/getInvoiceTitles', () => ok([]))
    .on('POST', '/api/pc/applyMergedBill', () => ok({ id: 1 }))
  const onApplied = jest.fn()
  render(<MergedInvoiceButton onApplied={onApplied} />)
  return { user: userEvent.setup(), onApplied }
}

describe('合并开票: picking the orders', () => {
  it('offers only paid orders open to invoicing; the sum of the chosen ones leads to one dialog', async () => {
    const { user } = setup(() =>
      ok({
        data: [
          order(1, { payAmount: 100 }),
          order(2, { status: 2 }),
          order(3, { billStatus: 4 }),
          order(4, { status: 3 }),
          order(5, { payAmount: 200.5 }),
        ],
        total: 5,
        pages: 1,
      }),
    )
    await user.click(screen.getByRole('button', { name: '合并开票' }))
    const group = await screen.findByRole('group', { name: '可开票的订单' })
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['选择 MC1', '选择 MC5'])
    await user.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('请选择要开票的订单')).toBeInTheDocument()
    await user.click(within(group).getByRole('checkbox', { name: '选择 MC1' }))
    await user.click(within(group).getByRole('checkbox', { name: '选择 MC5' }))
    expect(screen.getByText('已选 2 个订单，合计 ¥300.50')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '下一步' }))
    const form = await screen.findByRole('form', { name: '合并开票（2个订单）' })
    expect((form.querySelector('input[name="amount"]') as HTMLInputElement).value).toBe('¥300.50')
  })

  it('no invoiceable order: says so', async () => {
    const { user } = setup(() => ok({ data: [order(2, { status: 2 })], total: 1, pages: 1 }))
    await user.click(screen.getByRole('button', { name: '合并开票' }))
    expect(await screen.findByText('暂无可开票的订单')).toBeInTheDocument()
  })

  it('a failed load shows the message and 重试', async () => {
    const { user } = setup(() => fail(500, '服务繁忙'))
    await user.click(screen.getByRole('button', { name: '合并开票' }))
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === '/api/pc/getOrder')).toHaveLength(1)
  })
})
