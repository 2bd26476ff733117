import {
  canPay,
  formatCountdown,
  OFFLINE_GUIDANCE,
  orderInfoStep,
  originalAmountShown,
  parseSource,
  PAY_TYPE,
  payWatch,
  resultLinks,
  resultOf,
  secondsFromTimeout,
} from '../../../src/features/payments/rules'

describe('order info polling (doc2 §8)', () => {
  it('an answer with data is ready', () => {
    expect(orderInfoStep({ ok: true, info: { totalAmount: '1.00' } })).toEqual({
      kind: 'ready',
      info: { totalAmount: '1.00' },
    })
  })

  it.each([
    [10010, { kind: 'retry', afterMs: 1000 }, 'code 10010: not ready, retry after 1 second'],
    [508, { kind: 'missing' }, 'code 508: order does not exist'],
    [403, { kind: 'error', message: '无权访问' }, 'any other failure shows its message'],
  ] as [number, object, string][])('%s → %o (%s)', (code, step) => {
    expect(orderInfoStep({ ok: false, code, message: '无权访问' })).toEqual(step)
  })
})

describe('the pay button (doc2 §2)', () => {
  it.each([
    [
      'is enabled once the amount is loaded, for an unpaid order paid online',
      '1980.00',
      3,
      PAY_TYPE.online,
      true,
    ],
    ['stays disabled while the amount is not loaded', null, null, PAY_TYPE.online, false],
    ['is disabled for offline payment', '1980.00', 3, PAY_TYPE.offline, false],
    ['is disabled for a voided order', '1980.00', 4, PAY_TYPE.online, false],
    ['is disabled for a paid order', '1980.00', 1, PAY_TYPE.online, false],
  ] as const)('%s', (_name, amount, status, payType, enabled) => {
    expect(canPay({ amount, status, payType })).toBe(enabled)
  })
})

describe('countdown from getOrderTimeOut h, m, s', () => {
  it.each([
    [{ h: 0, m: 30, s: 0 }, 1800],
    [{ h: 1, m: 2, s: 3 }, 3723],
    [{ h: 0, m: 0, s: 0 }, 0],
    [{ h: -1, m: 5, s: Number.NaN }, 300],
    [null, 0],
  ])('%o is %i seconds', (timeout, seconds) => {
    expect(secondsFromTimeout(timeout)).toBe(seconds)
  })

  it.each([
    [1799, '00:29:59'],
    [3723, '01:02:03'],
    [0, '00:00:00'],
    [-5, '00:00:00'],
  ])('%i seconds show as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })

  it.each([
    [true, 10, 'paid'],
    [true, 0, 'paid'],
    [false, 10, 'wait'],
    [false, 0, 'expired'],
  ] as const)(
    'status paid=%s with %i s left → %s (at zero: 订单已过期，请重新下单！)',
    (paid, left, next) => {
      expect(payWatch(paid, left)).toBe(next)
    },
  )
})

describe('source and amounts', () => {
  it('reads the JSON order lines and survives anything else', () => {
    const line = {
      OrderNo: 'A1',
      ProductName: '自助建站',
      ProductTypeName: '标准版',
      BuyCycle: 1,
      PayMethod: '年',
      Count: 1,
      Price: '1980.00',
    }
    expect(parseSource(JSON.stringify([line]))).toEqual([line])
    expect(parseSource('{bad json')).toEqual([])
    expect(parseSource('{"a":1}')).toEqual([])
    expect(parseSource(undefined)).toEqual([])
    expect(parseSource('[null, 3]')).toEqual([])
  })

  it('offline guidance: 1-2 days same bank, 2-5 days other banks, avoid 21:00-00:00, order number as remark', () => {
    const text = OFFLINE_GUIDANCE.join('')
    expect(text).toContain('同行转账1-2天')
    expect(text).toContain('跨行转账2-5天')
    expect(text).toContain('21:00-00:00')
    expect(text).toContain('备注中填写订单号')
  })
})

describe('result pages (doc2 §2 "Result")', () => {
  it("'2' is success, anything else failure", () => {
    expect(resultOf({ result: '2' })).toBe('success')
    expect(resultOf({ result: '1' })).toBe('failed')
    expect(resultOf({})).toBe('failed')
  })

  it('success leads to product management with the order code; retry keeps the query', () => {
    const links = resultLinks('2026A', { orderCode: '2026A', source: '[1]' })
    expect(links.home).toBe('/index?orderCode=2026A')
    expect(links.retry).toBe('/orderByPlay?orderCode=2026A&source=%5B1%5D')
    expect(links.orderList).toBe('/orderlist')
    expect(resultLinks(undefined).home).toBe('/index')
  })
})

describe('应付金额 and the original amount (doc2 §3 totalAmount, originalAmount)', () => {
  it('gives the original only where it differs from what is paid', () => {
    expect(originalAmountShown({ totalAmount: '1580.00', originalAmount: '1980.00' })).toBe(1980)
    expect(originalAmountShown({ totalAmount: '1980.00', originalAmount: '1980' })).toBeNull()
    expect(originalAmountShown({ totalAmount: '1980.00', originalAmount: '' })).toBeNull()
    expect(originalAmountShown({ totalAmount: '1980.00', originalAmount: null })).toBeNull()
    expect(originalAmountShown({ totalAmount: '1980.00', originalAmount: 'n/a' })).toBeNull()
  })
})
