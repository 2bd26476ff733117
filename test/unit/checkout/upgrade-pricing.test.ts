// The upgrade ladder and price (server/services/checkout/catalog.ts; docs/api.md "Upgrade pricing").
import {
  findSku,
  priceOf,
  UPGRADE_MESSAGES,
  upgradePrice,
  upgradeRefusal,
  upgradeTargets,
  YEAR_SECONDS,
} from '../../../server/services/checkout/catalog'

const at = new Date('2026-03-01T00:00:00Z')
const after = (seconds: number) => new Date(at.getTime() + seconds * 1000)

describe('upgradeTargets and upgradeRefusal', () => {
  it('go only to a higher edition of the same product', () => {
    expect(upgradeTargets('SKU-SITE-STD').map((s) => s.SkuId)).toEqual(['SKU-SITE-PRO'])
    expect(upgradeTargets('SKU-DAIWEI-BASIC').map((s) => s.SkuId)).toEqual(['SKU-DAIWEI-STD'])
    // The maintenance add-ons (traffic with its 300G CDN package, WAF) are no rung of the ladder.
    expect(upgradeTargets('SKU-DAIWEI-TRAFFIC')).toEqual([])
    expect(upgradeRefusal('SKU-DAIWEI-BASIC', 'SKU-DAIWEI-WAF')).toBe(UPGRADE_MESSAGES.notHigher)
    expect(upgradeRefusal('SKU-SITE-STD', 'SKU-SITE-PRO')).toBeNull()
    expect(upgradeRefusal('SKU-SITE-PRO', 'SKU-SITE-STD')).toBe(UPGRADE_MESSAGES.topEdition)
    expect(upgradeRefusal('SKU-DAIWEI-BASIC', 'SKU-DAIWEI-BASIC')).toBe(UPGRADE_MESSAGES.notHigher)
    // Another product, even a dearer one, is not an upgrade.
    expect(upgradeRefusal('SKU-SITE-STD', 'SKU-ENT-WEB')).toBe(UPGRADE_MESSAGES.notHigher)
    expect(upgradeRefusal('SKU-SITE-STD', 'NOPE')).toBe(UPGRADE_MESSAGES.notHigher)
  })

  it('find nothing above a top edition or for an unknown SKU', () => {
    expect(upgradeTargets('SKU-ENT-WEB')).toEqual([])
    expect(upgradeTargets('SKU-SITE-PRO')).toEqual([])
    expect(upgradeTargets('NOPE')).toEqual([])
    expect(upgradeRefusal('SKU-ENT-WEB', 'SKU-ENT-WEB')).toBe(UPGRADE_MESSAGES.topEdition)
  })
})

describe('upgradePrice: the yearly difference for the remaining term', () => {
  it('charges the whole difference for a year left, half of it for half a year', () => {
    // 专业版 3980 − 标准版 1980 = 2000 a year.
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(YEAR_SECONDS), at)).toBe(2000)
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(YEAR_SECONDS / 2), at)).toBe(1000)
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(3 * YEAR_SECONDS), at)).toBe(6000)
    // 代维管家 标准版 4000 − 基础版 2000.
    expect(upgradePrice('SKU-DAIWEI-BASIC', 'SKU-DAIWEI-STD', after(YEAR_SECONDS), at)).toBe(2000)
  })

  it('rounds up to the fen and never charges less than one', () => {
    // 200000 fen × 100 days / 365 days = 54794.52… fen.
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(100 * 86_400), at)).toBe(547.95)
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(1), at)).toBe(0.01)
  })

  it('has no price without a term left or for an upgrade that is not permitted', () => {
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', at, at)).toBeUndefined()
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(-60), at)).toBeUndefined()
    expect(upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', null, at)).toBeUndefined()
    expect(upgradePrice('SKU-SITE-PRO', 'SKU-SITE-STD', after(YEAR_SECONDS), at)).toBeUndefined()
    expect(upgradePrice('SKU-SITE-STD', 'SKU-ENT-WEB', after(YEAR_SECONDS), at)).toBeUndefined()
  })

  it('falls as the term runs down, so a payment made later still covers it', () => {
    let previous = Infinity
    for (let days = 365; days > 0; days -= 7) {
      const price = upgradePrice('SKU-SITE-STD', 'SKU-SITE-PRO', after(days * 86_400), at)!
      expect(price).toBeLessThanOrEqual(previous)
      previous = price
    }
  })
})

describe('the custom solution (doc2 §1)', () => {
  it('sells its yearly service, which signs contracts and has no edition to upgrade to', () => {
    expect(findSku('SKU-CUSTOM')).toMatchObject({ ProductName: '定制方案', productType: 2 })
    expect(priceOf('SKU-CUSTOM', 3)).toBe(3 * 9800)
    expect(upgradeRefusal('SKU-CUSTOM', 'SKU-ENT-WEB')).toBe(UPGRADE_MESSAGES.topEdition)
  })
})

describe('the maintenance price items (doc2 §9)', () => {
  it.each([
    ['SKU-DAIWEI-BASIC', 2000],
    ['SKU-DAIWEI-STD', 4000],
    ['SKU-DAIWEI-TRAFFIC', 50],
    ['SKU-DAIWEI-WAF', 1000],
  ])('%s costs %i yuan a year', (sku, price) => {
    expect(priceOf(sku, 1)).toBe(price)
  })

  it('the traffic item brings the 300G CDN traffic add-on', () => {
    expect(findSku('SKU-DAIWEI-TRAFFIC')?.ProductTypeName).toContain('300G CDN')
  })
})
