// The renewal centre's server rules: Beijing calendar days, the list's filters, the
// batch selection's refusals and the batch order's summary.
import { BATCH_RENEWAL_MAX, RENEWAL_MESSAGES } from '../../../src/core/contract/renewal'
import {
  batchSummary,
  beijingDayStart,
  daysLeft,
  fenToYuanText,
  filterWindow,
  selectionRefusal,
  yuanToFen,
} from '../../../server/services/renewal/rules'

// 2026-12-06 10:00 Beijing time.
const at = new Date('2026-12-06T02:00:00Z')

describe('Beijing calendar days', () => {
  it('a day starts at 00:00 Beijing time (16:00 UTC the day before)', () => {
    expect(beijingDayStart(at).toISOString()).toBe('2026-12-05T16:00:00.000Z')
    expect(beijingDayStart(at, 2).toISOString()).toBe('2026-12-07T16:00:00.000Z')
    expect(beijingDayStart(new Date('2026-12-05T16:00:00Z')).toISOString()).toBe('2026-12-05T16:00:00.000Z')
  })

  it.each([
    ['later the same Beijing day', '2026-12-06T15:59:59Z', 0],
    ['earlier the same Beijing day (already past)', '2026-12-05T16:00:00Z', 0],
    ['just after midnight Beijing time', '2026-12-06T16:00:00Z', 1],
    ['28 days on', '2027-01-03T02:00:00Z', 28],
    ['337 days ago', '2026-01-03T02:00:00Z', -337],
    ['three days ago', '2026-12-03T02:00:00Z', -3],
  ])('%s', (_, expiry, days) => {
    expect(daysLeft(new Date(expiry), at)).toBe(days)
  })

  it('a product without an expiry has no days left', () => {
    expect(daysLeft(null, at)).toBeNull()
  })
})

describe('filters', () => {
  it('30 / 60 / 90: not expired yet, expiring by the end of the Nth Beijing day', () => {
    expect(filterWindow('30', at)).toEqual({
      expiresAfter: at,
      expiresBefore: new Date('2027-01-05T16:00:00.000Z'),
    })
    expect(filterWindow('90', at).expiresBefore).toEqual(new Date('2027-03-06T16:00:00.000Z'))
  })

  it('已过期: expired, no earlier than the start of the 7th grace day back', () => {
    const window = filterWindow('expired', at)
    expect(window.expiresAfter!.getTime()).toBe(new Date('2026-11-28T16:00:00Z').getTime() - 1)
    expect(window.expiresBefore!.getTime()).toBe(at.getTime() + 1)
  })

  it('到期不续 and 全部', () => {
    expect(filterWindow('noRenew', at)).toEqual({ noRenew: true })
    expect(filterWindow('all', at)).toEqual({})
  })
})

describe('a batch selection', () => {
  const items = (...ids: number[]) => ids.map((businessId) => ({ businessId, buyCycle: 1 }))

  it.each([
    ['an empty selection', items(), RENEWAL_MESSAGES.emptySelection],
    [
      'more than the maximum',
      items(...Array.from({ length: BATCH_RENEWAL_MAX + 1 }, (_, i) => i + 1)),
      RENEWAL_MESSAGES.tooMany,
    ],
    ['one product twice', items(1, 2, 1), RENEWAL_MESSAGES.duplicate],
    [
      'an item without its product',
      [{ businessId: 1, buyCycle: 1 }, { buyCycle: 1 }],
      RENEWAL_MESSAGES.emptySelection,
    ],
    [
      'an item without its cycle',
      [{ businessId: 1, buyCycle: 1 }, { businessId: 2 }],
      RENEWAL_MESSAGES.badCycle,
    ],
    [
      'the maximum, all different',
      items(...Array.from({ length: BATCH_RENEWAL_MAX }, (_, i) => i + 1)),
      null,
    ],
    ['one product', items(7), null],
  ])('%s', (_, selection, refusal) => {
    expect(selectionRefusal(selection)).toBe(refusal)
  })
})

describe('a batch order', () => {
  it('is 批量续费 · N个产品 with the common product type and the longest cycle', () => {
    expect(
      batchSummary([
        { productType: 1, cycleNum: 1 },
        { productType: 1, cycleNum: 3 },
      ]),
    ).toEqual({
      skuId: 'BATCH-RENEWAL',
      productName: '批量续费',
      productVersion: '2个产品',
      productType: 1,
      cycleNum: 3,
    })
  })

  it('mixing kinds of product has no product type (no contract names one kind)', () => {
    expect(
      batchSummary([
        { productType: 2, cycleNum: 1 },
        { productType: 4, cycleNum: 2 },
        { productType: 3, cycleNum: 1 },
      ]),
    ).toMatchObject({ productVersion: '3个产品', productType: 0, cycleNum: 2 })
  })

  it('sums in fen: 0.1 + 0.2 yuan is 0.30', () => {
    expect(fenToYuanText(yuanToFen('0.10') + yuanToFen(0.2))).toBe('0.30')
    expect(fenToYuanText(yuanToFen('5800.00') + yuanToFen('7960.00') + yuanToFen('2000.00'))).toBe('15760.00')
  })
})
