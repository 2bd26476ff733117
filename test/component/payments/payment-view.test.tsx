// The payment page (doc2 §2 Payment page, §8, §9). The network is a fake; the adapter runs for real
// (jsdom is a desktop browser, so paying opens the QR dialog).
import Taro from '@tarojs/taro'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PaymentView } from '../../../src/features/payments/components/PaymentView'
import { fail, installFakeApi, ok } from '../support/fake-api'

const CODE = '20261122000001'
const info = (overrides = {}) => ({
  orderCode: CODE,
  orderType: 2,
  status: 3,
  totalAmount: '1980.00',
  originalAmount: '1980.00',
  createTime: '2026-11-22T08:00:00Z',
  payDeadline: '2026-11-22T08:30:00Z',
  lines: [
    {
      OrderNo: CODE,
      ProductName: '自助建站',
      ProductTypeName: '标准版',
      BuyCycle: 1,
      PayMethod: '年',
      Count: 1,
      Price: '1980.00',
    },
  ],
  ...overrides,
})

const payButton = () => screen.getByRole('button', { name: '立即支付' })
const isDisabled = (el: HTMLElement) => el.getAttribute('aria-disabled') === 'true'
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) })

let redirect: jest.SpyInstance
let back: jest.SpyInstance
beforeEach(() => {
  // Taro's request only settles while timers run: let fake time also flow on its own.
  jest.useFakeTimers({ advanceTimers: true })
  redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
  document.querySelectorAll('.at-modal').forEach((el) => el.remove())
})

describe('payment page', () => {
  it('shows the original amount beside 应付金额 where they differ, not where equal', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () =>
      ok(info({ totalAmount: '1580.00', originalAmount: '1980.00' })),
    )
    const { unmount } = render(<PaymentView query={{ orderCode: CODE }} />)
    expect((await screen.findByLabelText('应付金额')).textContent).toBe('¥1580.00')
    expect(screen.getByLabelText('原价').textContent).toBe('原价 ¥1980.00')
    unmount()
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () => ok(info()))
    render(<PaymentView query={{ orderCode: CODE }} />)
    await screen.findByLabelText('应付金额')
    expect(screen.queryByLabelText('原价')).not.toBeInTheDocument()
  })

  it("in WeChat's browser 支付宝 shows the open-in-browser guidance instead of paying", async () => {
    const realUserAgent = navigator.userAgent
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.40',
      configurable: true,
    })
    try {
      const api = installFakeApi().on('GET', '/api/pc/getOrderInfo', () => ok(info()))
      render(<PaymentView query={{ orderCode: CODE }} />)
      await screen.findByLabelText('应付金额')
      await user().click(screen.getByRole('radio', { name: '支付宝' }))
      expect(screen.getByRole('note', { name: '支付宝支付说明' }).textContent).toContain('在浏览器打开')
      expect(isDisabled(payButton())).toBe(true)
      await user().click(payButton())
      expect(api.calls.some((c) => c.path.startsWith('/api/alipay'))).toBe(false)
      await user().click(screen.getByRole('radio', { name: '微信支付' }))
      expect(screen.queryByRole('note', { name: '支付宝支付说明' })).not.toBeInTheDocument()
      expect(isDisabled(payButton())).toBe(false)
    } finally {
      Object.defineProperty(window.navigator, 'userAgent', { value: realUserAgent, configurable: true })
    }
  })

  it('enables pay only once the amount is loaded (10010: retried after 1 s)', async () => {
    let calls = 0
    const api = installFakeApi().on('GET', '/api/pc/getOrderInfo', () =>
      ++calls === 1 ? fail(10010, '订单处理中') : ok(info()),
    )
    render(<PaymentView query={{ orderCode: CODE }} />)
    expect(isDisabled(payButton())).toBe(true)
    expect(screen.queryByLabelText('应付金额')).not.toBeInTheDocument()
    expect((await screen.findByLabelText('应付金额')).textContent).toBe('¥1980.00')
    expect(isDisabled(payButton())).toBe(false)
    expect(api.calls.filter((c) => c.path === '/api/pc/getOrderInfo')).toHaveLength(2)
    expect(screen.getByRole('table', { name: '订单明细' }).textContent).toContain('自助建站')
  })

  it('shows the lines from source while the order loads', () => {
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () => fail(10010, '订单处理中'))
    const source = JSON.stringify(info().lines)
    render(<PaymentView query={{ orderCode: CODE, source }} />)
    expect(screen.getByRole('table', { name: '订单明细' }).textContent).toContain('标准版')
    expect(isDisabled(payButton())).toBe(true)
  })

  it('a batch renewal lists every product with its domain, and the one total', async () => {
    const line = (ProductName: string, secondDomain: string, BuyCycle: number, Price: string) => ({
      OrderNo: CODE,
      ProductName,
      ProductTypeName: '旗舰版',
      BuyCycle,
      PayMethod: '年',
      Count: 1,
      Price,
      secondDomain,
    })
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () =>
      ok(
        info({
          totalAmount: '17740.00',
          originalAmount: '17740.00',
          lines: [
            line('企业官网', 'www.a.cn', 1, '5800.00'),
            line('自助建站', 'www.b.cn', 2, '7960.00'),
            line('代维管家', '', 1, '3980.00'),
          ],
        }),
      ),
    )
    render(<PaymentView query={{ orderCode: CODE }} />)
    expect((await screen.findByLabelText('应付金额')).textContent).toBe('¥17740.00')
    const rows = within(screen.getByRole('table', { name: '订单明细' }))
      .getAllByRole('row')
      .slice(1)
    const product = (row: HTMLElement) => within(row).getAllByRole('cell')[0].textContent
    expect(rows.map(product)).toEqual(['企业官网www.a.cn', '自助建站www.b.cn', '代维管家'])
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['自助建站www.b.cn', '旗舰版', '2年', '×1', '¥7960.00'])
  })

  it('offline payment disables pay and shows the bank-transfer guidance', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () => ok(info()))
    render(<PaymentView query={{ orderCode: CODE }} />)
    await screen.findByLabelText('应付金额')
    await user().click(screen.getByRole('radio', { name: '线下转账' }))
    expect(isDisabled(payButton())).toBe(true)
    const guidance = screen.getByRole('note', { name: '线下转账说明' }).textContent
    expect(guidance).toContain('同行转账1-2天')
    expect(guidance).toContain('跨行转账2-5天')
    expect(guidance).toContain('21:00-00:00')
    expect(guidance).toContain(CODE)
    await user().click(screen.getByRole('radio', { name: '在线支付' }))
    expect(isDisabled(payButton())).toBe(false)
  })

  it('508: shows 订单不存在 for 3 s, then goes back', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () => fail(508, '订单不存在'))
    render(<PaymentView query={{ orderCode: CODE }} />)
    expect((await screen.findByRole('alert')).textContent).toBe('订单不存在')
    expect(back).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(3000))
    expect(back).toHaveBeenCalled()
  })

  it('without an orderCode: 非法参数，请重试', () => {
    installFakeApi()
    render(<PaymentView query={{}} />)
    expect(screen.getByRole('alert').textContent).toBe('非法参数，请重试')
  })

  it('an order already paid goes to the success page', async () => {
    installFakeApi().on('GET', '/api/pc/getOrderInfo', () => ok(info({ status: 1 })))
    render(<PaymentView query={{ orderCode: CODE }} />)
    await screen.findByLabelText('应付金额')
    expect(redirect).toHaveBeenCalledWith({ url: `/pages/payforsuccess/index?orderCode=${CODE}` })
  })

  it("back from the provider's page it watches the status (a late notification), not otherwise", async () => {
    const api = installFakeApi()
      .on('GET', '/api/pc/getOrderInfo', () => ok(info()))
      .on('GET', '/api/pc/getOrderStatus', () => ok(false))
    const polls = () => api.calls.filter((c) => c.path === '/api/pc/getOrderStatus').length
    const { unmount } = render(<PaymentView query={{ orderCode: CODE }} />)
    await screen.findByLabelText('应付金额')
    await act(async () => jest.advanceTimersByTime(4000))
    expect(polls()).toBe(0)
    unmount()

    render(<PaymentView query={{ orderCode: CODE, fromProvider: '1' }} />)
    await screen.findByLabelText('应付金额')
    await act(async () => jest.advanceTimersByTime(2000))
    await waitFor(() => expect(polls()).toBeGreaterThan(0))
    expect(redirect).not.toHaveBeenCalled()
    api.on('GET', '/api/pc/getOrderStatus', () => ok(true))
    await act(async () => jest.advanceTimersByTime(2000))
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith({ url: `/pages/payforsuccess/index?orderCode=${CODE}` }),
    )
  })
})

describe('QR dialog (desktop)', () => {
  function serveUnpaid(timeout = { h: 0, m: 0, s: 30 }) {
    return installFakeApi()
      .on('GET', '/api/pc/getOrderInfo', () => ok(info()))
      .on('POST', '/api/wxpay/tradePrecreate', () => ok({ code_url: 'http://localhost/__dev/pay?x=1' }))
      .on('GET', '/api/feignOrder/getOrderTimeOut', () => ok(timeout))
      .on('GET', '/api/pc/getOrderStatus', () => ok(false))
  }

  async function openDialog() {
    render(<PaymentView query={{ orderCode: CODE }} />)
    await screen.findByLabelText('应付金额')
    await user().click(screen.getByRole('radio', { name: '微信支付' }))
    await user().click(payButton())
    return screen.findByLabelText('扫码支付')
  }

  it('shows the QR with the countdown from getOrderTimeOut and polls the status every 2 s', async () => {
    const api = serveUnpaid({ h: 0, m: 29, s: 59 })
    const dialog = await openDialog()
    expect(api.calls.find((c) => c.path === '/api/wxpay/tradePrecreate')!.body).toMatchObject({
      trade_type: 'NATIVE',
      out_trade_no: CODE,
    })
    expect((await within(dialog).findByRole('timer')).textContent).toMatch(/剩余支付时间 00:29:5\d/)
    const polls = () => api.calls.filter((c) => c.path === '/api/pc/getOrderStatus').length
    const before = polls()
    // Each poll is scheduled 2 s after the previous answer.
    for (const count of [1, 2, 3]) {
      await act(async () => jest.advanceTimersByTime(2000))
      await waitFor(() => expect(polls() - before).toBe(count))
    }
  })

  it('goes to the success page when the status turns true', async () => {
    const api = serveUnpaid()
    await openDialog()
    api.on('GET', '/api/pc/getOrderStatus', () => ok(true))
    await act(async () => jest.advanceTimersByTime(2000))
    expect(redirect).toHaveBeenCalledWith({ url: `/pages/payforsuccess/index?orderCode=${CODE}` })
  })

  it('at zero shows 订单已过期，请重新下单！ for 3 s, then closes the dialog', async () => {
    const api = serveUnpaid({ h: 0, m: 0, s: 30 })
    const dialog = await openDialog()
    await within(dialog).findByRole('timer')
    api.on('GET', '/api/pc/getOrderInfo', () => ok(info({ status: 4 })))
    await act(async () => jest.advanceTimersByTime(30_000))
    expect(within(dialog).getByRole('alert').textContent).toBe('订单已过期，请重新下单！')
    expect(within(dialog).queryByLabelText('支付二维码')).not.toBeInTheDocument()
    await act(async () => jest.advanceTimersByTime(2500))
    expect(screen.getByLabelText('扫码支付')).toBeInTheDocument()
    await act(async () => jest.advanceTimersByTime(500))
    expect(screen.queryByLabelText('扫码支付')).not.toBeInTheDocument()
    // The page now shows the order as voided, and pay stays disabled.
    expect((await screen.findByText('返回产品管理')).textContent).toBe('返回产品管理')
    expect(isDisabled(payButton())).toBe(true)
  })
})
