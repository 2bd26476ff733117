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
  expect(screen.getByRole('radio', { name: '剩余服务期' })).toBeTruthy()
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
  expect(screen.getByText('剩余服务期')).toBeTruthy()
  expect(screen.getByText('2年')).toBeTruthy()
})
