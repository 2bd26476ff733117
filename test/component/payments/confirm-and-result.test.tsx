// Confirm order (doc2 §2, §5, §6) and the result pages (doc2 §2 Payment success / failure).
import Taro from '@tarojs/taro'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import { ConfirmOrderView } from '../../../src/features/checkout/components/ConfirmOrderView'
import { PayResultView } from '../../../src/features/payments/components/PayResultView'
import { fail, installFakeApi, ok } from '../support/fake-api'

const line = {
  SkuId: 'SKU-SITE-STD',
  ProductName: '自助建站',
  ProductTypeName: '标准版',
  PayMethod: '年',
  Count: 1,
  BuyCyclePriceList: [
    { BuyCycle: 1, Price: 1980 },
    { BuyCycle: 2, Price: 3960 },
  ],
}
const renewal = { SkuId: 'SKU-SITE-STD', OrderTypeId: '2', secondDomain: 'xingchen', orderCode: 'OPEN1' }

let redirect: jest.SpyInstance
beforeEach(() => {
  redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  useSession.getState().signIn({ token: 't', accountId: 7, subAccountId: 3, role: 1 })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('confirm order (/order)', () => {
  it.each([
    [{ OrderTypeId: '1', secondDomain: 'xc' }],
    [{ SkuId: 'S', secondDomain: 'xc' }],
    [{ SkuId: 'S', OrderTypeId: '1' }],
  ])('%o: 非法参数，请重试, and nothing is asked', (query) => {
    const api = installFakeApi()
    render(<ConfirmOrderView query={query} />)
    expect(screen.getByRole('alert').textContent).toBe('非法参数，请重试')
    expect(api.calls).toHaveLength(0)
  })

  it('a renewal of a business that is not the account’s: 当前业务不属于当前账号，无法续费！', async () => {
    const api = installFakeApi().on('GET', '/api/pc/checkBusinessBind', () => ok(0))
    render(<ConfirmOrderView query={renewal} />)
    expect((await screen.findByRole('alert')).textContent).toBe('当前业务不属于当前账号，无法续费！')
    expect(api.calls.map((c) => c.path)).toEqual(['/api/pc/checkBusinessBind'])
    expect(screen.queryByRole('button', { name: '提交订单' })).not.toBeInTheDocument()
  })

  it('the server refusing the renewal shows its message too', async () => {
    installFakeApi()
      .on('GET', '/api/pc/checkBusinessBind', () => ok(1))
      .on('POST', '/oapi/newac/ConfirmOrder', () => fail(403, '当前业务不属于当前账号，无法续费！'))
    render(<ConfirmOrderView query={renewal} />)
    expect((await screen.findByRole('alert')).textContent).toBe('当前业务不属于当前账号，无法续费！')
  })

  it('the user picks the buy cycle; the order is generated without a price and paid on /orderByPlay', async () => {
    const paymentLines = [
      {
        OrderNo: 'NEW1',
        ProductName: '自助建站',
        ProductTypeName: '标准版',
        BuyCycle: 2,
        PayMethod: '年',
        Count: 1,
        Price: '3960.00',
      },
    ]
    const api = installFakeApi()
      .on('GET', '/api/pc/checkBusinessBind', () => ok(1))
      .on('POST', '/oapi/newac/ConfirmOrder', () => ({ IsSuccess: true, Message: '', Data: [line] }))
      .on('POST', '/oapi/newac/GenerateOrder', () => ({ IsSuccess: true, Message: '', Data: paymentLines }))
    render(<ConfirmOrderView query={renewal} />)
    expect((await screen.findByLabelText('应付金额')).textContent).toBe('¥1980.00')
    await userEvent.click(screen.getByRole('radio', { name: '2年' }))
    expect(screen.getByLabelText('应付金额').textContent).toBe('¥3960.00')
    // The product's agreement first (请先阅读并同意协议), then the order.
    await userEvent.click(screen.getByRole('button', { name: '提交订单' }))
    expect(await screen.findByText('请先阅读并同意协议')).toBeInTheDocument()
    expect(api.calls.some((c) => c.path === '/oapi/newac/GenerateOrder')).toBe(false)
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意《自助建站服务协议》' }))
    expect(screen.queryByText('请先阅读并同意协议')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '提交订单' }))
    await act(async () => undefined)
    const generate = api.calls.find((c) => c.path === '/oapi/newac/GenerateOrder')!
    expect(generate.body).toEqual({
      NewACUserId: 7,
      SkuId: 'SKU-SITE-STD',
      OrderTypeId: 2,
      BuyCycle: 2,
      FrontEndUrl: '/orderByPlay',
      OrderNo: 'OPEN1',
      CommonParam: JSON.stringify({ subAccountId: 3, secondDomain: 'xingchen' }),
    })
    const url = redirect.mock.calls[0][0].url as string
    expect(url.startsWith('/pages/orderByPlay/index?')).toBe(true)
    const query = new URLSearchParams(url.split('?')[1])
    expect(query.get('orderCode')).toBe('NEW1')
    expect(JSON.parse(query.get('source')!)).toEqual(paymentLines)
  })
})

describe('the product agreement (doc2 §2: agreement pages chosen by product name)', () => {
  it('links the agreement of the product being bought', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    installFakeApi()
      .on('GET', '/api/pc/checkBusinessBind', () => ok(1))
      .on('POST', '/oapi/newac/ConfirmOrder', () => ({ IsSuccess: true, Message: '', Data: [line] }))
    render(<ConfirmOrderView query={renewal} />)
    await userEvent.click(await screen.findByRole('link', { name: '《自助建站服务协议》' }))
    expect(navigate).toHaveBeenCalledWith({
      url: `/pages/agreement/index?name=${encodeURIComponent('自助建站')}`,
    })
  })
})

describe('payment result pages', () => {
  it('success: opens in 1-2 minutes, counts down, then product management with the order code', () => {
    jest.useFakeTimers()
    render(<PayResultView result='success' query={{ orderCode: 'NEW1' }} />)
    expect(screen.getByText('商品预计1-2分钟内开通，请耐心等待。')).toBeInTheDocument()
    expect(screen.getByRole('timer').textContent).toBe('5秒后自动跳转到产品管理')
    act(() => jest.advanceTimersByTime(4000))
    expect(redirect).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1000))
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/index/index?orderCode=NEW1' })
  })

  it('failure: 支付失败 with re-pay (same query) and cancel order (the order list)', async () => {
    render(<PayResultView result='failed' query={{ orderCode: 'NEW1', source: '[]', result: '1' }} />)
    expect(screen.getByText('支付失败')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '重新支付' }))
    expect(redirect).toHaveBeenLastCalledWith({
      url: '/pages/orderByPlay/index?orderCode=NEW1&source=%5B%5D',
    })
    await userEvent.click(screen.getByRole('button', { name: '取消订单' }))
    expect(redirect.mock.calls.at(-1)[0].url).toMatch(/orderlist/)
  })
})
