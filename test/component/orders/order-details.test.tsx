import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import { useSession } from '../../../src/core/session/store'
import type { OrderPayment } from '../../../src/core/contract/orders'
import type { Order } from '../../../src/features/orders/api'
import { OrderDetails } from '../../../src/features/orders/components/OrderDetails'
import { fail, installFakeApi, ok } from '../support/fake-api'

jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => true }))

const order = (id: number, fields: Partial<Order> = {}): Order => ({
  id,
  orderCode: `MC${id}`,
  businessId: 5,
  productName: '自助建站',
  productVersion: '专业版',
  orderTypeStr: '新购',
  cycleNum: 1,
  payMethod: '年',
  createTime: '2026-11-21T16:30:00Z',
  payTime: '2026-11-21T17:30:00Z',
  status: 1,
  originalAmount: 3980,
  payAmount: 3980,
  salesChannel: 32,
  productType: 1,
  signStatus: 2,
  billStatus: 4,
  billUrl: 'http://localhost/__dev/esign/invoices/a.pdf',
  isEvaluate: 0,
  isDisplay: 1,
  lines: [
    {
      businessId: 5,
      productName: '自助建站',
      productVersion: '专业版',
      secondDomain: 'www.yunfan-demo.cn',
      cycleNum: 1,
      payMethod: '年',
      amount: 3980,
    },
  ],
  ...fields,
})

beforeEach(() => {
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
})
afterEach(() => jest.restoreAllMocks())

describe('order detail (doc2 §2 Order detail)', () => {
  it('type 0 lists the business’s orders, paged by businessId', async () => {
    const api = installFakeApi().on('GET', '/api/pc/getOrderDetails', () =>
      ok({ data: [order(1), order(2, { status: 3 })], total: 2, pages: 1 }),
    )
    render(<OrderDetails query={{ id: '5', type: '0' }} />)
    const table = await screen.findByRole('table', { name: '订单列表' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(api.calls.find((c) => c.path === '/api/pc/getOrderDetails')!.body).toEqual({
      businessId: '5',
      pageNum: '1',
      pageSize: '10',
    })
    // The same actions as the list: signed → 查看合同, issued → 下载发票.
    expect(within(table).getAllByRole('row')[1].textContent).toContain('查看合同下载发票评价')
  })

  it('otherwise shows the one order named by detailId; the back arrow returns', async () => {
    const api = installFakeApi().on('GET', '/api/pc/getOrderById', () => ok(order(9)))
    // Opened directly (no page below it): back goes to the product home.
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as ReturnType<typeof Taro.getCurrentPages>)
    const back = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    const user = userEvent.setup()
    render(<OrderDetails query={{ id: '5', detailId: '9', type: '1' }} />)
    expect(await screen.findByText('MC9')).toBeInTheDocument()
    expect(api.calls.find((c) => c.path === '/api/pc/getOrderById')!.body).toEqual({ orderId: '9' })
    await user.click(screen.getByRole('link', { name: '返回' }))
    expect(back).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('a refusal shows the server’s message with 重试', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderById', () => fail(403, '无权访问'))
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    expect((await screen.findByRole('alert')).textContent).toContain('无权访问')
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})

describe('支付记录 of one order', () => {
  const payment = (fields: Partial<OrderPayment> = {}): OrderPayment => ({
    provider: 'alipay',
    amount: 3980,
    paidAt: '2026-11-21T17:30:00Z',
    state: 'paid',
    refundedAt: null,
    ...fields,
  })
  const showOrder = async (fields: Partial<Order>) => {
    installFakeApi().on('GET', '/api/pc/getOrderById', () => ok(order(9, fields)))
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    await screen.findByText('MC9')
  }

  it('an order paid twice lists both payments: the one kept and the one going back', async () => {
    await showOrder({
      payments: [
        payment(),
        payment({ provider: 'wxpay', amount: 3980.5, paidAt: '2026-11-21T17:31:00Z', state: 'refunding' }),
      ],
    })
    expect(screen.getByRole('heading', { name: '支付记录' })).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: '支付记录' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '支付宝¥3980.00支付时间 2026-11-22 01:30:00已支付',
      '微信支付¥3980.50支付时间 2026-11-22 01:31:00退款中',
    ])
  })

  it('a refunded payment shows when the refund landed', async () => {
    await showOrder({
      status: 2,
      payments: [payment({ state: 'refunded', refundedAt: '2026-11-22T02:00:00Z' })],
    })
    const [item] = within(screen.getByRole('list', { name: '支付记录' })).getAllByRole('listitem')
    expect(item.textContent).toContain('已退款退款时间 2026-11-22 10:00:00')
  })

  it('a plain order paid once shows no 支付记录', async () => {
    await showOrder({ payments: [payment()] })
    expect(screen.queryByRole('heading', { name: '支付记录' })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: '支付记录' })).not.toBeInTheDocument()
  })
})

describe('作废 from the order detail', () => {
  it('refused with 订单已支付: the order loads again and shows 已支付', async () => {
    let status = 3
    const api = installFakeApi()
      .on('GET', '/api/pc/getOrderById', () => ok(order(9, { status, payTime: null })))
      .on('POST', '/oapi/newac/UpdateOrder', () => {
        status = 1
        return { IsSuccess: false, code: 400, Message: '订单已支付', Data: null }
      })
    const user = userEvent.setup()
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    const actions = await screen.findByRole('group', { name: '订单 MC9 操作' })
    await user.click(within(actions).getByRole('button', { name: '作废' }))
    const dialog = screen.getByText('是否作废订单号为 MC9 的订单？').closest('.at-modal') as HTMLElement
    await waitFor(() => expect(dialog).toHaveClass('at-modal--active'))
    await user.click(within(dialog).getByText('作废'))
    expect(await screen.findByText('已支付')).toBeInTheDocument()
    const paidActions = screen.getByRole('group', { name: '订单 MC9 操作' })
    expect(within(paidActions).queryByRole('button', { name: '作废' })).not.toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === '/api/pc/getOrderById')).toHaveLength(2)
  })
})

describe('订单明细 of a batch renewal', () => {
  const lines = [
    {
      businessId: 5,
      productName: '自助建站',
      productVersion: '专业版',
      secondDomain: 'www.a.cn',
      cycleNum: 1,
      payMethod: '年',
      amount: 3980,
    },
    {
      businessId: 6,
      productName: '企业官网',
      productVersion: '旗舰版',
      secondDomain: 'www.b.cn',
      cycleNum: 2,
      payMethod: '年',
      amount: 11600,
    },
    {
      businessId: 7,
      productName: '代维管家',
      productVersion: '标准版',
      secondDomain: '',
      cycleNum: 3,
      payMethod: '年',
      amount: 0.5,
    },
  ]

  it('lists every product with its domain, cycle and amount, then the total', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderById', () =>
      ok(order(9, { orderTypeStr: '续费', lines, payAmount: 15580.5, originalAmount: 15580.5 })),
    )
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    const details = await screen.findByRole('table', { name: '订单明细' })
    const rows = within(details)
      .getAllByRole('row')
      .map((row) =>
        [...row.querySelectorAll('[role=cell], [role=columnheader]')].map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['产品', '域名', '时长', '金额'],
      ['自助建站 专业版', 'www.a.cn', '1年', '¥3980.00'],
      ['企业官网 旗舰版', 'www.b.cn', '2年', '¥11600.00'],
      ['代维管家 标准版', '--', '3年', '¥0.50'],
      ['合计', '¥15580.50'],
    ])
    // The order's own row names the batch; its lines are the table below, not a 明细 switch.
    const orderRow = within(screen.getByRole('table', { name: '订单列表' })).getAllByRole('row')[1]
    expect(within(orderRow).getAllByRole('cell')[1].textContent).toBe('批量续费 · 3个产品')
  })

  it('an order of one line has no 订单明细', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderById', () => ok(order(9)))
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    await screen.findByRole('table', { name: '订单列表' })
    expect(screen.queryByRole('table', { name: '订单明细' })).not.toBeInTheDocument()
  })
})
