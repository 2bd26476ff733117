import type { ConsultableOrder } from '../../../src/core/contract/work-orders'
import { consultableOrderView, searchConsultableOrders } from '../../../src/features/work-orders/rules'

// 咨询订单 / 退款订单 are chosen from a searchable box: what each order shows, what a search keeps.
const order = (orderCode: string, productName: string, extra: Partial<ConsultableOrder> = {}) => ({
  orderCode,
  productName,
  productVersion: '',
  createTime: '2026-11-30T16:30:00Z',
  payAmount: '199.00',
  ...extra,
})
const orders = [
  order('MC202611000006', '企业官网', { productVersion: '标准版' }),
  order('MC202611000008', '小程序商城'),
  order('MC202610000001', 'SSL Certificate'),
]
const codes = (list: readonly ConsultableOrder[]) => list.map((o) => o.orderCode)

describe('consultableOrderView', () => {
  it('shows the code, the product with its version, the day in Beijing and the amount paid', () => {
    expect(consultableOrderView({ ...orders[0], payAmount: '1999' })).toEqual({
      code: 'MC202611000006',
      product: '企业官网（标准版）',
      date: '2026-12-01',
      amount: '¥1999.00',
    })
  })
  it('an order without a version shows the product alone', () => {
    expect(consultableOrderView(orders[1])).toMatchObject({ product: '小程序商城', amount: '¥199.00' })
  })
})

describe('searchConsultableOrders', () => {
  it.each([
    ['nothing typed keeps every order', '', codes(orders)],
    ['blanks count as nothing', '   ', codes(orders)],
    ['part of an order code', '2611', ['MC202611000006', 'MC202611000008']],
    ['a whole order code, blanks around it', ' MC202611000008 ', ['MC202611000008']],
    ['an order code in lower case', 'mc20261000', ['MC202610000001']],
    ['part of a product name', '官网', ['MC202611000006']],
    ['a product name in another case', 'ssl', ['MC202610000001']],
    ['nothing matches', '退款', []],
  ])('%s', (_name, search, expected) => {
    expect(codes(searchConsultableOrders(orders, search))).toEqual(expected)
  })
  it('keeps the orders in the order the server sent them', () => {
    expect(codes(searchConsultableOrders([...orders].reverse(), 'MC'))).toEqual(codes(orders).reverse())
  })
})
