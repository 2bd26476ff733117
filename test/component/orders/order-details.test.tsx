import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import { useSession } from '../../../src/core/session/store'
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
    expect(await screen.findByText('MC9')).toBeTruthy()
    expect(api.calls.find((c) => c.path === '/api/pc/getOrderById')!.body).toEqual({ orderId: '9' })
    await user.click(screen.getByRole('link', { name: '返回' }))
    expect(back).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('a refusal shows the server’s message with 重试', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderById', () => fail(403, '无权访问'))
    render(<OrderDetails query={{ detailId: '9', type: '1' }} />)
    expect((await screen.findByRole('alert')).textContent).toContain('无权访问')
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
  })
})
