import { blockersOf, cancellationDueAt, daysLeft } from '../../../src/core/validation/cancellation'

describe('blockersOf', () => {
  it('lists the kinds with something left, in order, with their text and page', () => {
    expect(blockersOf({ subAdmins: 2, products: 1, unpaidOrders: 0 })).toEqual([
      { kind: 'products', count: 1, text: '有1个未到期的产品', path: '/index' },
      { kind: 'subAdmins', count: 2, text: '有2个子管理员', path: '/subAccountManage' },
    ])
  })

  it('names every kind', () => {
    const all = blockersOf({
      products: 1,
      unpaidOrders: 1,
      refundingOrders: 1,
      workOrders: 1,
      invoices: 1,
      contracts: 1,
      subAdmins: 1,
    })
    expect(all.map((b) => [b.text, b.path])).toEqual([
      ['有1个未到期的产品', '/index'],
      ['有1个未支付的订单', '/orderlist'],
      ['有1个退款中的订单', '/orderlist'],
      ['有1个处理中的工单', '/myWorkOrder'],
      ['有1个申请中或换开中的发票', '/invoices'],
      ['有1个签署中的合同', '/orderlist'],
      ['有1个子管理员', '/subAccountManage'],
    ])
  })

  it('is empty when nothing is left', () => {
    expect(blockersOf({})).toEqual([])
    expect(blockersOf({ products: 0 })).toEqual([])
  })
})

describe('the cooling-off', () => {
  const asked = new Date('2026-12-01T10:00:00Z')

  it('ends 7 days after the request', () => {
    expect(cancellationDueAt(asked).toISOString()).toBe('2026-12-08T10:00:00.000Z')
  })

  it('counts a part day as a day, and 0 once due', () => {
    const due = cancellationDueAt(asked)
    expect(daysLeft(due, asked)).toBe(7)
    expect(daysLeft(due, new Date('2026-12-07T10:00:01Z'))).toBe(1)
    expect(daysLeft(due, due)).toBe(0)
    expect(daysLeft(due, new Date('2026-12-09T00:00:00Z'))).toBe(0)
  })
})
