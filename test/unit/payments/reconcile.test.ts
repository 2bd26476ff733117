// The daily reconciliation's comparison (server/services/payments/reconcile.ts) and the attempts'
// trade numbers (attempts.ts): pure functions, walked case by case.
import { attemptTradeNo, providerOf, TRADE_NO_PATTERN } from '../../../server/services/payments/attempts'
import { billsReady, compareBill, previousChinaDate } from '../../../server/services/payments/reconcile'

const row = (tradeNo: string, amount: string, state = 'paid', refundNo: string | null = null) => ({
  provider: 'wxpay',
  tradeNo,
  outTradeNo: `OUT${tradeNo}`,
  amount,
  state,
  refundNo,
})

describe('compareBill', () => {
  const rows = [row('T1', '19.80'), row('T2', '5.00', 'refunded', 'R2'), row('T3', '7.00', 'refunding', 'R3')]

  it('finds nothing when every payment and refund is ours, of the same amount', () => {
    const bill = [
      { kind: 'payment' as const, tradeNo: 'OUTT1', transactionId: 'T1', fen: 1980 },
      { kind: 'refund' as const, tradeNo: 'OUTT2', transactionId: 'T2', fen: 500, refundNo: 'R2' },
    ]
    expect(compareBill('wxpay', bill, rows)).toEqual([])
  })

  it.each([
    [
      'a payment the table lacks: paid there, missing here',
      { kind: 'payment' as const, tradeNo: 'X', transactionId: 'T9', fen: 100 },
      { kind: 'missing-here', theirFen: 100 },
    ],
    [
      'a payment of another amount',
      { kind: 'payment' as const, tradeNo: 'OUTT1', transactionId: 'T1', fen: 1 },
      { kind: 'amount-differs', theirFen: 1, ourFen: 1980 },
    ],
    [
      'a refund not settled here: refunded there only',
      { kind: 'refund' as const, tradeNo: 'OUTT3', transactionId: 'T3', fen: 700, refundNo: 'R3' },
      { kind: 'refunded-there-only', refundNo: 'R3', ourFen: 700 },
    ],
    [
      'a refund the table never asked for',
      { kind: 'refund' as const, tradeNo: 'OUTT1', transactionId: 'T1', fen: 1980, refundNo: 'R?' },
      { kind: 'refunded-there-only', refundNo: 'R?' },
    ],
    [
      'a refund of another amount',
      { kind: 'refund' as const, tradeNo: 'OUTT2', transactionId: 'T2', fen: 499, refundNo: 'R2' },
      { kind: 'amount-differs', theirFen: 499, ourFen: 500 },
    ],
  ])('reports %s', (_name, entry, difference) => {
    expect(compareBill('wxpay', [entry], rows)).toEqual([expect.objectContaining(difference)])
  })
})

describe('the scheduled run', () => {
  it.each([
    ['2026-12-06T02:29:00Z', false],
    ['2026-12-06T02:30:00Z', true],
    ['2026-12-06T15:59:00Z', true],
    ['2026-12-06T16:01:00Z', false],
  ])('at %s the bills are ready: %s (10:30 Beijing time)', (at, ready) => {
    expect(billsReady(new Date(at))).toBe(ready)
  })

  it('reconciles the Beijing day before', () => {
    expect(previousChinaDate(new Date('2026-12-06T02:30:00Z'))).toBe('2026-12-05')
    expect(previousChinaDate(new Date('2026-12-06T16:30:00Z'))).toBe('2026-12-06')
  })
})

describe('attempt trade numbers', () => {
  it.each([
    ['qr', 'AQ', 'alipay'],
    ['wap', 'AW', 'alipay'],
    ['native', 'WN', 'wxpay'],
    ['h5', 'WH', 'wxpay'],
    ['jsapi-web', 'WJ', 'wxpay'],
    ['jsapi-mini', 'WM', 'wxpay'],
  ] as const)('%s: the order code, %s and the attempt number, at %s', (channel, suffix, provider) => {
    expect(attemptTradeNo('20261206073100123456', channel, 3)).toBe(`20261206073100123456${suffix}3`)
    expect(providerOf(channel)).toBe(provider)
  })

  it('stays within WeChat Pay’s 32 characters of letters and digits, or refuses', () => {
    expect(attemptTradeNo('MC2026110000001', 'native', 12)).toMatch(TRADE_NO_PATTERN)
    expect(() => attemptTradeNo('X'.repeat(30), 'native', 1)).toThrow('out of shape')
  })
})
