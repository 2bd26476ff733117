// Order lines: a single order's one line copies its columns; lines are shown in the
// order detail and on the payment page with their own amounts and domains.
import {
  singleLineOf,
  orderLineView,
  paymentLineOf,
  type OrderLineRow,
} from '../../../server/services/orders/order-lines'
import { isBatchRenewal } from '../../../server/services/checkout/fulfilment'

const line: OrderLineRow = {
  id: 9,
  orderId: 4,
  businessId: 12,
  skuId: 'SKU-SITE-PRO',
  productName: '自助建站',
  productVersion: '专业版',
  productType: 1,
  secondDomain: 'xcshop',
  cycleNum: 2,
  payMethod: '年',
  amount: '7960.00',
}

describe('order lines', () => {
  it("a single order's line is its product, cycle, domain and amount", () => {
    expect(
      singleLineOf({
        businessId: 12,
        skuId: 'SKU-SITE-PRO',
        productName: '自助建站',
        productVersion: '专业版',
        productType: 1,
        secondDomain: 'xcshop',
        cycleNum: 2,
        payMethod: '年',
        payAmount: '7960.00',
      }),
    ).toEqual({
      businessId: 12,
      skuId: 'SKU-SITE-PRO',
      productName: '自助建站',
      productVersion: '专业版',
      productType: 1,
      secondDomain: 'xcshop',
      cycleNum: 2,
      payMethod: '年',
      amount: '7960.00',
    })
  })

  it('a new purchase has no business yet and takes the column defaults', () => {
    expect(
      singleLineOf({ skuId: 'SKU-SITE-STD', productName: '自助建站', productType: 1, payAmount: '1980.00' }),
    ).toMatchObject({ businessId: null, productVersion: '', secondDomain: '', cycleNum: 1, payMethod: '年' })
  })

  it('the order detail shows a line in yuan', () => {
    expect(orderLineView(line)).toEqual({
      businessId: 12,
      productName: '自助建站',
      productVersion: '专业版',
      secondDomain: 'xcshop',
      cycleNum: 2,
      payMethod: '年',
      amount: 7960,
    })
  })

  it('the payment page shows a line with its domain (doc2 §3 Payment line)', () => {
    expect(paymentLineOf('MC1', line)).toEqual({
      OrderNo: 'MC1',
      ProductName: '自助建站',
      ProductTypeName: '专业版',
      BuyCycle: 2,
      PayMethod: '年',
      Count: 1,
      Price: '7960.00',
      secondDomain: 'xcshop',
    })
  })

  it.each([
    [2, null, true],
    [2, 12, false],
    [1, null, false],
    [3, null, false],
  ])('order type %s on business %s is a batch renewal: %s', (orderType, businessId, batch) => {
    expect(isBatchRenewal({ orderType, businessId })).toBe(batch)
  })
})
