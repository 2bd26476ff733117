import { RENEWAL_FILTERS, type RenewalItem } from '../../../../src/core/contract/renewal'
import {
  batchRenewalBody,
  choosable,
  cycleOptionLabel,
  daysLeftLabel,
  DEFAULT_RENEWAL_FILTER,
  defaultRenewalCycle,
  expiryTone,
  keptSelection,
  MODE_ACTION_LABEL,
  modeChangeNeedsConfirm,
  otherMode,
  parseRenewalFilter,
  RENEWAL_FILTER_OPTIONS,
  RENEWAL_MESSAGES,
  RENEWAL_MODE,
  renewalName,
  renewalPayPath,
  renewalQuery,
  selectAll,
  selectionTotal,
  sortByExpiry,
} from '../../../../src/features/renewal/rules'

const item = (businessId: number, fields: Partial<RenewalItem> = {}): RenewalItem => ({
  businessId,
  productName: '企业官网',
  productVersion: '旗舰版',
  websiteName: `站点${businessId}`,
  secondDomain: `site${businessId}.example.cn`,
  productType: 1,
  status: 1,
  expireTime: '2026-12-20T16:00:00Z',
  daysLeft: 14,
  renewalMode: RENEWAL_MODE.remind,
  cycles: [
    { BuyCycle: 1, Price: 1980 },
    { BuyCycle: 2, Price: 3560.5 },
    { BuyCycle: 3, Price: 4980 },
  ],
  refusal: '',
  pendingOrderCode: null,
  ...fields,
})

describe('days left (剩余 N 天 / 已过期 N 天 within the 7-day grace)', () => {
  it.each([
    [30, '剩余 30 天'],
    [1, '剩余 1 天'],
    [0, '今日到期'],
    [-1, '已过期 1 天'],
    [-7, '已过期 7 天'],
    [null, '--'],
  ])('%p days reads %j', (days, label) => expect(daysLeftLabel(days)).toBe(label))

  it.each([
    [-3, 'expired'],
    [0, 'urgent'],
    [7, 'urgent'],
    [8, 'soon'],
    [30, 'soon'],
    [31, 'normal'],
    [null, 'normal'],
  ])('%p days is coloured %s', (days, tone) => expect(expiryTone(days)).toBe(tone))
})

describe('filters (30 / 60 / 90 days, 已过期, 到期不续, 全部)', () => {
  it('labels every filter of the contract, in its order', () => {
    expect(RENEWAL_FILTER_OPTIONS.map((o) => o.value)).toEqual([...RENEWAL_FILTERS])
    expect(RENEWAL_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      '30天内到期',
      '60天内到期',
      '90天内到期',
      '已过期',
      '到期不续',
      '全部',
    ])
  })

  it('opens on 全部, and on a filter the address names', () => {
    expect(DEFAULT_RENEWAL_FILTER).toBe('all')
    expect(parseRenewalFilter(undefined)).toBe('all')
    expect(parseRenewalFilter('30')).toBe('30')
    expect(parseRenewalFilter('noRenew')).toBe('noRenew')
    expect(parseRenewalFilter('45')).toBe('all')
  })

  it('sends the keyword only when one was typed, trimmed', () => {
    expect(renewalQuery('all', '')).toEqual({ filter: 'all' })
    expect(renewalQuery('60', '   ')).toEqual({ filter: '60' })
    expect(renewalQuery('30', ' 星辰 ')).toEqual({ filter: '30', keyword: '星辰' })
  })
})

describe('naming and order', () => {
  it('names a product by its website and product names', () => {
    expect(renewalName(item(1))).toBe('站点1 企业官网')
    expect(renewalName(item(1, { websiteName: '' }))).toBe('企业官网')
    expect(renewalName(item(1, { websiteName: '', productName: '' }))).toBe('--')
  })

  it('sorts by expiry, the earliest first, products without one last', () => {
    const sorted = sortByExpiry([
      item(1, { expireTime: null }),
      item(2, { expireTime: '2027-01-01T00:00:00Z' }),
      item(3, { expireTime: '2026-12-01T00:00:00Z' }),
      item(4, { expireTime: '2026-12-01T00:00:00Z' }),
    ])
    expect(sorted.map((i) => i.businessId)).toEqual([3, 4, 2, 1])
  })
})

describe('which products may be chosen, and why not', () => {
  it('a product with cycles and no refusal may be chosen', () => {
    expect(choosable(item(1))).toEqual({ ok: true })
  })

  it('a product in an unpaid renewal may not: its order is paid first', () => {
    expect(choosable(item(1, { pendingOrderCode: 'MC1' }))).toEqual({
      ok: false,
      reason: '该产品有未支付的续费订单，请先支付或作废该订单',
      pendingOrderCode: 'MC1',
    })
  })

  it("shows the server's refusal, and refuses a product without a cycle to sell", () => {
    expect(choosable(item(1, { refusal: '该产品需前往云市场续费' }))).toEqual({
      ok: false,
      reason: '该产品需前往云市场续费',
    })
    expect(choosable(item(1, { cycles: [] }))).toEqual({ ok: false, reason: RENEWAL_MESSAGES.notRenewable })
  })
})

describe('cycles', () => {
  it('offers the shortest cycle first, none when the SKU sells none', () => {
    expect(defaultRenewalCycle(item(1).cycles)).toBe(1)
    expect(
      defaultRenewalCycle([
        { BuyCycle: 3, Price: 1 },
        { BuyCycle: 2, Price: 1 },
      ]),
    ).toBe(2)
    expect(defaultRenewalCycle([])).toBeNull()
  })

  it('labels a cycle with its price', () => {
    expect(cycleOptionLabel({ BuyCycle: 1, Price: 1980 })).toBe('1年 ¥1980.00')
    expect(cycleOptionLabel({ BuyCycle: 2, Price: 3560.5 })).toBe('2年 ¥3560.50')
  })
})

describe('selection, total and the batch order', () => {
  const items = [item(1), item(2), item(3, { pendingOrderCode: 'MC3' }), item(4, { refusal: '不可续费' })]

  it("totals each chosen product's cycle price, in cents so it never drifts", () => {
    expect(selectionTotal(items, new Map())).toBe(0)
    expect(selectionTotal(items, new Map([[1, 1]]))).toBe(1980)
    expect(
      selectionTotal(
        items,
        new Map([
          [1, 2],
          [2, 2],
        ]),
      ),
    ).toBe(7121)
  })

  it('counts nothing for a product no longer shown or no longer choosable', () => {
    expect(
      selectionTotal(
        items,
        new Map([
          [1, 1],
          [3, 1],
          [4, 1],
          [99, 1],
        ]),
      ),
    ).toBe(1980)
  })

  it('keeps only shown, choosable products, and a cycle no longer offered falls back to the shortest', () => {
    const kept = keptSelection(
      items,
      new Map([
        [1, 3],
        [2, 5],
        [3, 1],
        [99, 1],
      ]),
    )
    expect([...kept]).toEqual([
      [1, 3],
      [2, 1],
    ])
  })

  it('全选 chooses every choosable product with its chosen or default cycle; unchecking clears', () => {
    expect([...selectAll(items, new Map([[2, 3]]), true)]).toEqual([
      [1, 1],
      [2, 3],
    ])
    expect(selectAll(items, new Map([[1, 1]]), false).size).toBe(0)
  })

  it('sends exactly the chosen products and cycles, in list order, and no price', () => {
    expect(
      batchRenewalBody(
        items,
        new Map([
          [2, 3],
          [1, 1],
          [3, 1],
        ]),
      ),
    ).toEqual({
      items: [
        { businessId: 1, buyCycle: 1 },
        { businessId: 2, buyCycle: 3 },
      ],
    })
    expect(batchRenewalBody(items, new Map())).toEqual({ items: [] })
  })

  it("pays on the payment page by the order's code", () => {
    expect(renewalPayPath('MC 1')).toBe('/orderByPlay?orderCode=MC%201')
  })
})

describe('the renewal setting', () => {
  it('switches between 提醒后手动续费 and 到期不续', () => {
    expect(otherMode(RENEWAL_MODE.remind)).toBe(RENEWAL_MODE.noRenew)
    expect(otherMode(RENEWAL_MODE.noRenew)).toBe(RENEWAL_MODE.remind)
    expect(MODE_ACTION_LABEL[RENEWAL_MODE.remind]).toBe('设为到期不续')
    expect(MODE_ACTION_LABEL[RENEWAL_MODE.noRenew]).toBe('恢复提醒续费')
  })

  it('asks first only before 到期不续', () => {
    expect(modeChangeNeedsConfirm(RENEWAL_MODE.noRenew)).toBe(true)
    expect(modeChangeNeedsConfirm(RENEWAL_MODE.remind)).toBe(false)
  })
})
