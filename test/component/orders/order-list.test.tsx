import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import type { Order } from '../../../src/features/orders/api'
import { OrderList } from '../../../src/features/orders/components/OrderList'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const order = (id: number, fields: Partial<Order> = {}): Order => ({
  id,
  orderCode: `MC${id}`,
  businessId: 1,
  productName: '企业官网',
  productVersion: '旗舰版',
  orderTypeStr: '续费',
  cycleNum: 1,
  payMethod: '年',
  createTime: '2026-11-21T16:30:00Z',
  payTime: null,
  status: 3,
  originalAmount: 5800,
  payAmount: 5800,
  salesChannel: 32,
  productType: 2,
  signStatus: 0,
  billStatus: 1,
  billUrl: '',
  isEvaluate: 0,
  isDisplay: 1,
  lines: [
    {
      businessId: 1,
      productName: '企业官网',
      productVersion: '旗舰版',
      secondDomain: 'www.yunfan-demo.cn',
      cycleNum: 1,
      payMethod: '年',
      amount: 5800,
    },
  ],
  ...fields,
})

let api: FakeApi
let rows: Order[]
function serve(all: Order[]) {
  rows = all
  api = installFakeApi()
    .on('GET', '/api/pc/getOrder', (q) => {
      const size = Number(q.pageSize)
      const start = (Number(q.pageNum) - 1) * size
      return ok({
        data: rows.slice(start, start + size),
        total: rows.length,
        pages: Math.ceil(rows.length / size),
      })
    })
    .on('POST', '/oapi/newac/UpdateOrder', (b) => {
      rows = rows.map((o) => (o.orderCode === b.OrderNo ? { ...o, status: 4 } : o))
      return { IsSuccess: true, Message: '操作成功', Data: null }
    })
    .on('POST', '/api/pc/syncOrderStatus', () => ok(null))
}
const listCalls = () => api.calls.filter((c) => c.path === '/api/pc/getOrder').map((c) => c.body)
const toasts = () => useToasts.getState().toasts.map((t) => t.message)

/** 作废 on the row of `orderCode`, confirmed. */
async function voidOrder(user: ReturnType<typeof userEvent.setup>, orderCode: string) {
  const actions = await screen.findByRole('group', { name: `订单 ${orderCode} 操作` })
  await user.click(within(actions).getByRole('button', { name: '作废' }))
  const dialog = screen
    .getByText(`是否作废订单号为 ${orderCode} 的订单？`)
    .closest('.at-modal') as HTMLElement
  await waitFor(() => expect(dialog).toHaveClass('at-modal--active'))
  await user.click(within(dialog).getByText('作废'))
}

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('order list (doc2 §2 Order list)', () => {
  it('shows the spec columns, statuses and amounts in a table, 10 a page', async () => {
    serve([
      order(1, { status: 1, payTime: '2026-11-21T17:00:00Z' }),
      order(2, { status: 2 }),
      order(3),
      order(4, { status: 4 }),
      order(5, { status: 1, salesChannel: 31 }),
    ])
    render(<OrderList />)
    const table = await screen.findByRole('table', { name: '订单列表' })
    const [head, paid, refunded, unpaid, voided, free] = within(table).getAllByRole('row')
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      '订单编号',
      '产品名称',
      '类型',
      '创建时间',
      '支付时间',
      '状态',
      '应付金额',
      '实付金额',
      '操作',
    ])
    expect(cells(paid)).toEqual([
      'MC1',
      '企业官网 旗舰版',
      '续费',
      '2026-11-22 00:30:00',
      '2026-11-22 01:00:00',
      '已支付',
      '¥5800.00',
      '¥5800.00',
      '申请合同申请发票评价',
    ])
    // doc2 §4: refunded is neither paid (no paperwork) nor voided/unpaid (评价 stays); 实付 is what was paid.
    expect(cells(refunded).slice(5)).toEqual(['已退款', '¥5800.00', '¥5800.00', '评价'])
    expect(cells(unpaid).slice(4)).toEqual(['--', '未支付', '¥5800.00', '--', '支付作废'])
    expect(cells(voided).slice(5)).toEqual(['已作废', '¥5800.00', '--', '--'])
    expect(cells(free).slice(6, 8)).toEqual(['¥0.00', '¥0.00'])
    expect(listCalls()).toEqual([{ pageNum: '1', pageSize: '10' }])
  })

  it('says 暂无数据，请重试。 when there are no orders', async () => {
    serve([])
    render(<OrderList />)
    expect(await screen.findByText('暂无数据，请重试。')).toBeInTheDocument()
  })

  it('支付 opens the payment page with the order code', async () => {
    serve([order(7)])
    const user = userEvent.setup()
    render(<OrderList />)
    await user.click(await screen.findByRole('button', { name: '支付' }))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('orderCode=MC7') })
  })

  it.each([
    ['desktop', true],
    ['phone', false],
  ])('%s: each order code links to its /orderdetails', async (_, desktop) => {
    mockDesktop = desktop
    serve([order(7), order(8)])
    const user = userEvent.setup()
    render(<OrderList />)
    await user.click(await screen.findByRole('link', { name: '订单详情 MC8' }))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: expect.stringMatching(/orderdetails.*\?type=1&detailId=8$/),
    })
  })

  it.each([
    ['desktop', true],
    ['phone', false],
  ])('%s: 应付金额 shows the original amount beside it only where they differ', async (_, desktop) => {
    mockDesktop = desktop
    serve([order(1, { originalAmount: 6800, payAmount: 5800 }), order(2)])
    render(<OrderList />)
    expect((await screen.findByLabelText('原价 ¥6800.00')).textContent).toBe('¥6800.00')
    expect(screen.getAllByLabelText(/^原价/)).toHaveLength(1)
  })

  it('作废 asks with the order code, then voids on both services and reloads from page 1', async () => {
    serve(Array.from({ length: 12 }, (_, i) => order(i + 1)))
    const user = userEvent.setup()
    render(<OrderList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + 2))
    const row = screen.getAllByRole('row')[1]
    await user.click(within(row).getByRole('button', { name: '作废' }))
    const question = screen.getByText('是否作废订单号为 MC11 的订单？')
    const dialog = question.closest('.at-modal') as HTMLElement
    await waitFor(() => expect(dialog).toHaveClass('at-modal--active'))
    await user.click(within(dialog).getByText('作废'))
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ pageNum: '1', pageSize: '10' }))
    const posts = api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])
    expect(posts).toEqual([
      ['/oapi/newac/UpdateOrder', { OrderNo: 'MC11', orderProcessStatusId: 4 }],
      ['/api/pc/syncOrderStatus', { orderCode: 'MC11', status: 4 }],
    ])
  })

  it('作废 refused with 订单已支付 (the provider had the payment): the row reloads as 已支付', async () => {
    serve([order(1), order(2)])
    api.on('POST', '/oapi/newac/UpdateOrder', (b) => {
      rows = rows.map((o) => (o.orderCode === b.OrderNo ? { ...o, status: 1 } : o))
      return { IsSuccess: false, code: 400, Message: '订单已支付', Data: null }
    })
    const user = userEvent.setup()
    render(<OrderList />)
    await voidOrder(user, 'MC1')
    const row = () => screen.getAllByRole('row')[1]
    await waitFor(() => expect(within(row()).getByText('已支付')).toBeInTheDocument())
    expect(within(row()).queryByRole('button', { name: '作废' })).not.toBeInTheDocument()
    expect(within(screen.getAllByRole('row')[2]).getByText('未支付')).toBeInTheDocument()
    expect(toasts()).toEqual(['订单已支付'])
    // The same page again, and no sync of a void that did not happen.
    expect(listCalls()).toEqual([
      { pageNum: '1', pageSize: '10' },
      { pageNum: '1', pageSize: '10' },
    ])
    expect(api.calls.some((c) => c.path === '/api/pc/syncOrderStatus')).toBe(false)
  })

  it('作废 refused while the payment is being confirmed: the message shows and the row stays', async () => {
    serve([order(1)])
    api.on('POST', '/oapi/newac/UpdateOrder', () => ({
      IsSuccess: false,
      code: 400,
      Message: '订单支付状态确认中，请稍后再试',
      Data: null,
    }))
    const user = userEvent.setup()
    render(<OrderList />)
    await voidOrder(user, 'MC1')
    await waitFor(() => expect(toasts()).toEqual(['订单支付状态确认中，请稍后再试']))
    const row = screen.getAllByRole('row')[1]
    expect(within(row).getByText('未支付')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: '作废' })).toBeInTheDocument()
    expect(listCalls()).toHaveLength(1)
    expect(api.calls.some((c) => c.path === '/api/pc/syncOrderStatus')).toBe(false)
  })

  it('cancelling the void confirmation changes nothing', async () => {
    serve([order(1)])
    const user = userEvent.setup()
    render(<OrderList />)
    await user.click(await screen.findByRole('button', { name: '作废' }))
    const dialog = screen.getByText('是否作废订单号为 MC1 的订单？').closest('.at-modal') as HTMLElement
    await user.click(within(dialog).getByText('取消'))
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('phones get cards with load-more, 5 at a time', async () => {
    mockDesktop = false
    serve(Array.from({ length: 7 }, (_, i) => order(i + 1, { status: 1 })))
    const user = userEvent.setup()
    render(<OrderList />)
    const list = await screen.findByRole('list', { name: '订单列表' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    expect(within(list).getAllByText('已支付')).toHaveLength(5)
    await user.click(screen.getByRole('button', { name: '加载更多' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7))
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('the applied invoice shows disabled', async () => {
    serve([order(1, { status: 1, billStatus: 2 })])
    render(<OrderList />)
    expect(await screen.findByRole('button', { name: '已申请' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('a batch renewal reads 批量续费 · 3个产品 in its row; 明细 lists each product there', async () => {
    const lines = [
      {
        businessId: 1,
        productName: '企业官网',
        productVersion: '旗舰版',
        secondDomain: 'www.a.cn',
        cycleNum: 1,
        payMethod: '年',
        amount: 5800,
      },
      {
        businessId: 2,
        productName: '自助建站',
        productVersion: '专业版',
        secondDomain: 'www.b.cn',
        cycleNum: 2,
        payMethod: '年',
        amount: 7960,
      },
      {
        businessId: 3,
        productName: '代维管家',
        productVersion: '标准版',
        secondDomain: 'www.c.cn',
        cycleNum: 3,
        payMethod: '年',
        amount: 3000,
      },
    ]
    serve([order(1, { lines, payAmount: 16760, originalAmount: 16760 }), order(2)])
    const user = userEvent.setup()
    render(<OrderList />)
    const table = await screen.findByRole('table', { name: '订单列表' })
    const [, batch, single] = within(table).getAllByRole('row')
    expect(within(single).getAllByRole('cell')[1].textContent).toBe('企业官网 旗舰版')
    const product = within(batch).getAllByRole('cell')[1]
    expect(product.textContent).toBe('批量续费 · 3个产品明细')
    expect(within(table).queryByRole('list')).not.toBeInTheDocument()

    await user.click(within(product).getByRole('button', { name: '展开订单 MC1 的产品' }))
    const items = within(within(product).getByRole('list', { name: '订单 MC1 的产品' })).getAllByRole(
      'listitem',
    )
    expect(items.map((item) => item.textContent)).toEqual([
      '企业官网 旗舰版 · www.a.cn · 1年 · ¥5800.00',
      '自助建站 专业版 · www.b.cn · 2年 · ¥7960.00',
      '代维管家 标准版 · www.c.cn · 3年 · ¥3000.00',
    ])
    expect(within(batch).getAllByRole('cell')[6].textContent).toBe('¥16760.00')
    await user.click(within(product).getByRole('button', { name: '收起订单 MC1 的产品' }))
    expect(within(product).queryByRole('list')).not.toBeInTheDocument()
  })

  it('on phones a batch card names its products the same way', async () => {
    mockDesktop = false
    const lines = [
      {
        businessId: 1,
        productName: '企业官网',
        productVersion: '旗舰版',
        secondDomain: 'www.a.cn',
        cycleNum: 1,
        payMethod: '年',
        amount: 5800,
      },
      {
        businessId: 2,
        productName: '自助建站',
        productVersion: '专业版',
        secondDomain: 'www.b.cn',
        cycleNum: 2,
        payMethod: '年',
        amount: 7960,
      },
    ]
    serve([order(1, { lines }), order(2)])
    const user = userEvent.setup()
    render(<OrderList />)
    const card = await screen.findByRole('listitem', { name: '订单 MC1' })
    expect(card.querySelector('.order-card__product')!.textContent).toBe('批量续费 · 2个产品明细')
    expect(
      screen.getByRole('listitem', { name: '订单 MC2' }).querySelector('.order-card__product')!.textContent,
    ).toBe('企业官网 旗舰版 · 续费')
    await user.click(within(card).getByRole('button', { name: '展开订单 MC1 的产品' }))
    expect(within(card).getByRole('list', { name: '订单 MC1 的产品' }).textContent).toContain(
      '自助建站 专业版 · www.b.cn · 2年 · ¥7960.00',
    )
  })
})
