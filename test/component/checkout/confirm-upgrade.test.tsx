// Confirm order for an upgrade (account-area §4 升级): /index sends the card's own SKU, the server
// answers the higher edition priced for the remaining term, and the order is generated for that
// edition (docs/api.md "Upgrade pricing").
import Taro from '@tarojs/taro'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import { ConfirmOrderView } from '../../../src/features/checkout/components/ConfirmOrderView'
import { OrderLines } from '../../../src/features/payments/components/OrderLines'
import { installFakeApi, ok } from '../support/fake-api'
import { TOP_EDITION_REFUSAL } from '../../../src/features/products/rules'

const upgradeLine = {
  SkuId: 'SKU-SITE-PRO',
  ProductName: '自助建站',
  ProductTypeName: '专业版',
  PayMethod: '年',
  Count: 1,
  BuyCyclePriceList: [{ BuyCycle: 0, Price: 547.95 }],
}
const paymentLine = {
  OrderNo: 'UP1',
  ProductName: '自助建站',
  ProductTypeName: '专业版',
  BuyCycle: 0,
  PayMethod: '年',
  Count: 1,
  Price: '547.95',
  secondDomain: 'xcsite',
}

beforeEach(() => {
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  useSession.getState().signIn({ token: 't', accountId: 7, subAccountId: 0, role: 0 })
})
afterEach(() => jest.restoreAllMocks())

it('shows the remaining term and orders the edition the server offers, not the card’s own SKU', async () => {
  const api = installFakeApi()
    .on('GET', '/api/pc/checkBusinessBind', () => ok(1))
    .on('POST', '/oapi/newac/ConfirmOrder', () => ({ IsSuccess: true, Message: '', Data: [upgradeLine] }))
    .on('POST', '/oapi/newac/GenerateOrder', () => ({ IsSuccess: true, Message: '', Data: [paymentLine] }))
  render(<ConfirmOrderView query={{ SkuId: 'SKU-SITE-STD', OrderTypeId: '3', secondDomain: 'xcsite' }} />)
  expect((await screen.findByLabelText('应付金额')).textContent).toBe('¥547.95')
  expect(screen.getByRole('radio', { name: '剩余服务期' })).toBeInTheDocument()
  await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意《自助建站服务协议》' }))
  await userEvent.click(screen.getByRole('button', { name: '提交订单' }))
  await act(async () => undefined)
  const confirm = api.calls.find((c) => c.path === '/oapi/newac/ConfirmOrder')!
  expect(confirm.body).toMatchObject({ SkuId: 'SKU-SITE-STD', OrderTypeId: 3 })
  const generate = api.calls.find((c) => c.path === '/oapi/newac/GenerateOrder')!
  expect(generate.body).toMatchObject({ SkuId: 'SKU-SITE-PRO', OrderTypeId: 3, BuyCycle: 0 })
})

it('the payment page reads an upgrade line’s cycle as the remaining term', () => {
  render(
    <OrderLines lines={[paymentLine, { ...paymentLine, OrderNo: 'R1', BuyCycle: 2, Price: '7960.00' }]} />,
  )
  expect(screen.getByText('剩余服务期')).toBeInTheDocument()
  expect(screen.getByText('2年')).toBeInTheDocument()
})

describe('返回 on the confirm page', () => {
  const topEdition = { SkuId: 'SKU-SITE-PRO', OrderTypeId: '3', secondDomain: 'xcsite' }
  const refuseTopEdition = () =>
    installFakeApi()
      .on('GET', '/api/pc/checkBusinessBind', () => ok(1))
      .on('POST', '/oapi/newac/ConfirmOrder', () => ({
        IsSuccess: false,
        Message: TOP_EDITION_REFUSAL,
        Data: null,
      }))

  it('a refused upgrade (当前已是最高版本) offers 返回 beside 重试, back to the previous page', async () => {
    refuseTopEdition()
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    render(<ConfirmOrderView query={topEdition} />)
    expect((await screen.findByRole('alert')).textContent).toContain(TOP_EDITION_REFUSAL)
    await userEvent.click(screen.getByRole('link', { name: '‹ 返回' }))
    expect(back).toHaveBeenCalled()
  })

  it('opened directly (no page to go back to), 返回 goes to the product home', async () => {
    refuseTopEdition()
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    render(<ConfirmOrderView query={topEdition} />)
    await screen.findByRole('alert')
    await userEvent.click(screen.getByRole('link', { name: '‹ 返回' }))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: expect.stringContaining('pages/index/index') })
  })

  it('a malformed address still has 返回', () => {
    render(<ConfirmOrderView query={{ OrderTypeId: '9' }} />)
    expect(screen.getByRole('link', { name: '‹ 返回' })).toBeInTheDocument()
  })
})
