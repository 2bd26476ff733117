import {
  PAYMENT_STATE,
  type OrderLineItem,
  type OrderPayment,
  type PaymentState,
} from '../../../src/core/contract/orders'
import type { Order } from '../../../src/features/orders/api'
import {
  contractAction,
  formatAmount,
  hasSeveralLines,
  invoiceAction,
  linesTotal,
  marketplaceUrl,
  orderActions,
  orderDetailPath,
  orderLinesTitle,
  orderLineView,
  orderStatusLabel,
  originalAmountBeside,
  paidAmount,
  paymentRecord,
  paymentStateLabel,
  payPath,
  showsPaymentRecords,
  voidConfirmText,
  voidFoundPaid,
} from '../../../src/features/orders/rules'

const order = (fields: Partial<Order> = {}): Order => ({
  id: 7,
  orderCode: 'MC202611000001',
  businessId: 1,
  productName: '企业官网',
  productVersion: '旗舰版',
  orderTypeStr: '新购',
  cycleNum: 1,
  payMethod: '年',
  createTime: '2026-11-01T00:00:00Z',
  payTime: null,
  status: 1,
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

const labels = (o: Order) => orderActions(o).map((a) => a.label)

describe('order status (doc2 §4)', () => {
  it.each([
    [1, '已支付'],
    [2, '已退款'],
    [3, '未支付'],
    [4, '已作废'],
    [9, '--'],
    [null, '--'],
  ])('status %p is %s', (status, label) => {
    expect(orderStatusLabel(status as number)).toBe(label)
  })
})

describe('amounts (doc2 §2: ¥ and 2 decimals, -- for zero; §4: 1638 and 31 show 0)', () => {
  it.each([
    [5800, 32, '¥5800.00'],
    [0.5, 32, '¥0.50'],
    ['199.9', 32, '¥199.90'],
    [0, 32, '--'],
    [null, 32, '--'],
    [5800, 1638, '¥0.00'],
    [3980, 31, '¥0.00'],
    [5800, 1723, '¥5800.00'],
  ])('%p on channel %i shows %s', (amount, channel, text) => {
    expect(formatAmount(amount as number, channel)).toBe(text)
  })

  it.each([
    [1, 5800],
    [2, 5800],
    [3, 0],
    [4, 0],
  ])('the paid amount of a status-%i order is %i', (status, paid) => {
    expect(paidAmount(order({ status }))).toBe(paid)
  })
})

describe('actions per order (doc2 §4)', () => {
  it('unpaid orders offer 支付 (to the payment page) and 作废', () => {
    const actions = orderActions(order({ status: 3 }))
    expect(actions.map((a) => a.label)).toEqual(['支付', '作废'])
    expect(actions[0]).toMatchObject({ kind: 'pay', path: '/orderByPlay?orderCode=MC202611000001' })
    expect(payPath('A B')).toBe('/orderByPlay?orderCode=A%20B')
  })

  it('voided orders offer nothing, evaluation hidden', () => {
    expect(labels(order({ status: 4 }))).toEqual([])
  })

  it('refunded orders offer only 评价', () => {
    expect(labels(order({ status: 2 }))).toEqual(['评价'])
  })

  it('paid orders offer contract, invoice and evaluation', () => {
    expect(labels(order())).toEqual(['申请合同', '申请发票', '评价'])
  })

  it('hides 评价 once the order is rated (isEvaluate 1), for paid, refunded and marketplace orders', () => {
    expect(labels(order({ isEvaluate: 1 }))).toEqual(['申请合同', '申请发票'])
    expect(labels(order({ status: 2, isEvaluate: 1 }))).toEqual([])
    expect(labels(order({ salesChannel: 1638, isEvaluate: 1 }))).toEqual(['详情'])
  })

  it('channel 1638 shows 详情 (the marketplace) and 评价 instead', () => {
    const actions = orderActions(order({ salesChannel: 1638 }))
    expect(actions.map((a) => a.label)).toEqual(['详情', '评价'])
    expect(actions[0]).toMatchObject({ kind: 'detail', url: marketplaceUrl('MC202611000001') })
  })

  it.each([
    [0, 'apply', '申请合同'],
    [3, 'apply', '申请合同'],
    [4, 'apply', '申请合同'],
    [1, 'view', '查看合同'],
    [2, 'view', '查看合同'],
  ])('signStatus %i of a type 1/2 product: %s (%s)', (signStatus, mode, label) => {
    for (const productType of [1, 2]) {
      expect(contractAction(order({ signStatus, productType }))).toEqual({ kind: 'contract', label, mode })
    }
  })

  it.each([3, 4])('product type %i has no contract', (productType) => {
    expect(contractAction(order({ productType }))).toBeNull()
    expect(labels(order({ productType }))).toEqual(['申请发票', '评价'])
  })

  it('an unpaid order has no contract even at signStatus 0', () => {
    expect(contractAction(order({ status: 3 }))).toBeNull()
  })

  it.each([
    [1, 32, { mode: 'apply', label: '申请发票' }],
    [2, 32, { mode: 'applied', label: '已申请', disabled: true }],
    [3, 32, { mode: 'applied', label: '已申请', disabled: true }],
    [4, 32, { mode: 'download', label: '下载发票', url: 'https://x/invoice.pdf' }],
    [5, 32, { mode: 'apply', label: '重新申请' }],
  ])('billStatus %i on channel %i: %p', (billStatus, salesChannel, expected) => {
    const action = invoiceAction(order({ billStatus, salesChannel, billUrl: 'https://x/invoice.pdf' }))
    expect(action).toEqual({ kind: 'invoice', ...expected })
  })

  it('billStatus 1 can apply on channel 32 only', () => {
    expect(invoiceAction(order({ billStatus: 1, salesChannel: 31 }))).toBeNull()
    expect(labels(order({ salesChannel: 31 }))).toEqual(['申请合同', '评价'])
  })

  it.each([1723, 1740])('channel %i sends invoice requests to its own page', (salesChannel) => {
    const action = invoiceAction(order({ salesChannel }))
    expect(action).toMatchObject({ kind: 'invoice', mode: 'external', label: '申请发票' })
    expect((action as { url: string }).url).toMatch(/^https:\/\/.+orderCode=MC202611000001$/)
  })

  it('the void confirmation names the order code (doc2 §8)', () => {
    expect(voidConfirmText('MC1')).toBe('是否作废订单号为 MC1 的订单？')
  })

  it('a void refused with 订单已支付 found the order paid; 确认中 changed nothing', () => {
    expect(voidFoundPaid('订单已支付')).toBe(true)
    expect(voidFoundPaid('订单支付状态确认中，请稍后再试')).toBe(false)
    expect(voidFoundPaid('')).toBe(false)
  })
})

describe('应付金额 beside the original amount, and the detail link', () => {
  it('shows the original only where it differs from the amount to pay', () => {
    expect(originalAmountBeside({ payAmount: 5800, originalAmount: 6800 })).toBe('¥6800.00')
    expect(originalAmountBeside({ payAmount: '5800.00', originalAmount: '5800' })).toBeNull()
    expect(originalAmountBeside({ payAmount: 5800, originalAmount: null })).toBeNull()
    expect(originalAmountBeside({ payAmount: 5800, originalAmount: 'x' })).toBeNull()
    expect(originalAmountBeside({ payAmount: 5800, originalAmount: 0 })).toBeNull()
  })

  it('shows none on the channels whose amounts show as 0 (1638, 31)', () => {
    expect(originalAmountBeside({ payAmount: 0, originalAmount: 6800, salesChannel: 1638 })).toBeNull()
    expect(originalAmountBeside({ payAmount: 0, originalAmount: 6800, salesChannel: 31 })).toBeNull()
  })

  it('opens one order by detailId', () => {
    expect(orderDetailPath(42)).toBe('/orderdetails?type=1&detailId=42')
  })
})

describe('支付记录: the payments of one order', () => {
  const payment = (fields: Partial<OrderPayment> = {}): OrderPayment => ({
    provider: 'alipay',
    amount: 1980,
    paidAt: '2026-11-21T16:30:00Z',
    state: 'paid',
    refundedAt: null,
    ...fields,
  })

  const states: [PaymentState, string][] = [
    ['paid', '已支付'],
    ['refund_due', '退款中'],
    ['refunding', '退款中'],
    ['refunded', '已退款'],
    ['refund_failed', '退款异常，请联系客服'],
  ]

  it('names every state of the contract', () => {
    expect(states.map(([state]) => state).sort()).toEqual(Object.values(PAYMENT_STATE).sort())
  })

  it.each(states)('%s reads %s', (state, label) => {
    expect(paymentStateLabel(state)).toBe(label)
    expect(paymentRecord(payment({ state })).state).toBe(label)
  })

  it('an unknown state reads --', () => {
    expect(paymentStateLabel('reversed')).toBe('--')
  })

  it('shows the provider, the amount in yuan and the paid time in Beijing time', () => {
    expect(paymentRecord(payment())).toEqual({
      provider: '支付宝',
      amount: '¥1980.00',
      paidAt: '2026-11-22 00:30:00',
      state: '已支付',
      refundedAt: null,
      tone: 'success',
    })
    expect(paymentRecord(payment({ provider: 'wxpay', amount: 0.5 }))).toMatchObject({
      provider: '微信支付',
      amount: '¥0.50',
    })
  })

  it('a refunded payment shows when the refund landed, when known', () => {
    const refundedAt = '2026-11-23T02:00:00Z'
    expect(paymentRecord(payment({ state: 'refunded', refundedAt })).refundedAt).toBe('2026-11-23 10:00:00')
    expect(paymentRecord(payment({ state: 'refunded' })).refundedAt).toBeNull()
    expect(paymentRecord(payment({ state: 'refunding', refundedAt })).refundedAt).toBeNull()
  })

  it.each<{ orderHas: string; payments?: OrderPayment[]; shown: boolean }>([
    { orderHas: 'no payments field (lists)', payments: undefined, shown: false },
    { orderHas: 'no payment', payments: [], shown: false },
    { orderHas: 'one paid payment', payments: [payment()], shown: false },
    { orderHas: 'a second payment', payments: [payment(), payment({ provider: 'wxpay' })], shown: true },
    { orderHas: 'one refunded payment', payments: [payment({ state: 'refunded' })], shown: true },
    { orderHas: 'one refund that failed', payments: [payment({ state: 'refund_failed' })], shown: true },
  ])('$orderHas: 支付记录 shown $shown', ({ payments, shown }) => {
    expect(showsPaymentRecords(payments)).toBe(shown)
  })
})

describe('order lines (a batch renewal is one order with a line per product)', () => {
  const line = (fields: Partial<OrderLineItem> = {}): OrderLineItem => ({
    businessId: 1,
    productName: '企业官网',
    productVersion: '旗舰版',
    secondDomain: 'www.yunfan-demo.cn',
    cycleNum: 1,
    payMethod: '年',
    amount: 5800,
    ...fields,
  })
  const batch = [
    line(),
    line({ businessId: 2, secondDomain: 'shop.yunfan-demo.cn', cycleNum: 2, amount: 0.1 }),
    line({ businessId: 3, amount: 0.2 }),
  ]

  it('an order of one line is shown as always; several lines are a batch', () => {
    expect(hasSeveralLines(order())).toBe(false)
    expect(hasSeveralLines(order({ lines: [] }))).toBe(false)
    expect(hasSeveralLines(order({ lines: batch }))).toBe(true)
  })

  it('a batch renewal reads 批量续费 · 3个产品; another kind names its type', () => {
    expect(orderLinesTitle(order({ orderTypeStr: '续费', lines: batch }))).toBe('批量续费 · 3个产品')
    expect(orderLinesTitle(order({ orderTypeStr: '新购', lines: batch.slice(0, 2) }))).toBe('新购 · 2个产品')
  })

  it('a line shows its product, domain, cycle and amount', () => {
    expect(orderLineView(batch[1])).toEqual({
      product: '企业官网 旗舰版',
      domain: 'shop.yunfan-demo.cn',
      cycle: '2年',
      amount: '¥0.10',
    })
    expect(orderLineView(line({ secondDomain: '', cycleNum: 0 }))).toMatchObject({
      domain: '--',
      cycle: '剩余服务期',
    })
    expect(orderLineView(line(), 1638).amount).toBe('¥0.00')
  })

  it('the lines add up to the cent', () => {
    expect(linesTotal(batch)).toBe(5800.3)
    expect(linesTotal([])).toBe(0)
  })
})
