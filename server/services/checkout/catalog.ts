// The product catalogue: the one source of every price (doc2 §3 "Confirm-order line", §9). The
// client sends a SkuId, an order type and a buy cycle; the server looks the price up here. Pure:
// the upgrade ladder and the upgrade price are rules of the catalogue, not of an order.
import type { BuyCyclePrice } from '../../../src/core/contract/checkout'

export interface CatalogueSku {
  SkuId: string
  ProductName: string
  ProductTypeName: string
  /** doc2 §4: contracts exist for product types 1 and 2. */
  productType: number
  /** Rank among the editions of the same product (ProductName): an upgrade goes to a higher one. */
  edition: number
  /** An add-on bought beside an edition (maintenance traffic, WAF): never an upgrade's source or target. */
  addOn?: boolean
  PayMethod: string
  BuyCyclePriceList: BuyCyclePrice[]
}

const yearly = (price: number): BuyCyclePrice[] =>
  [1, 2, 3].map((years) => ({ BuyCycle: years, Price: price * years }))

export const CATALOGUE: readonly CatalogueSku[] = [
  {
    SkuId: 'SKU-SITE-STD',
    ProductName: '自助建站',
    ProductTypeName: '标准版',
    productType: 1,
    edition: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(1980),
  },
  {
    SkuId: 'SKU-SITE-PRO',
    ProductName: '自助建站',
    ProductTypeName: '专业版',
    productType: 1,
    edition: 2,
    PayMethod: '年',
    BuyCyclePriceList: yearly(3980),
  },
  {
    SkuId: 'SKU-ENT-WEB',
    ProductName: '企业官网',
    ProductTypeName: '旗舰版',
    productType: 2,
    edition: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(5800),
  },
  {
    SkuId: 'SKU-MINI-APP',
    ProductName: '小程序',
    ProductTypeName: '商城版',
    productType: 3,
    edition: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(2980),
  },
  // doc2 §1's custom solution: the project itself is quoted and contracted outside the console; what
  // the console sells is its yearly service (hosting, delivery centre, support), renewed like a site.
  {
    SkuId: 'SKU-CUSTOM',
    ProductName: '定制方案',
    ProductTypeName: '项目服务',
    productType: 2,
    edition: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(9800),
  },
  // doc2 §9: maintenance service, basic 2000 and standard 4000 yuan a year.
  {
    SkuId: 'SKU-DAIWEI-BASIC',
    ProductName: '代维管家',
    ProductTypeName: '基础版',
    productType: 4,
    edition: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(2000),
  },
  {
    SkuId: 'SKU-DAIWEI-STD',
    ProductName: '代维管家',
    ProductTypeName: '标准版',
    productType: 4,
    edition: 2,
    PayMethod: '年',
    BuyCyclePriceList: yearly(4000),
  },
  // doc2 §9: the maintenance add-ons (not editions: no upgrade to or from them):
  // traffic 50 yuan a year, which brings the 300G CDN traffic package, and WAF 1000 yuan a year.
  {
    SkuId: 'SKU-DAIWEI-TRAFFIC',
    ProductName: '代维管家',
    ProductTypeName: '流量包（300G CDN流量）',
    productType: 4,
    edition: 0,
    addOn: true,
    PayMethod: '年',
    BuyCyclePriceList: yearly(50),
  },
  {
    SkuId: 'SKU-DAIWEI-WAF',
    ProductName: '代维管家',
    ProductTypeName: 'WAF',
    productType: 4,
    edition: 0,
    addOn: true,
    PayMethod: '年',
    BuyCyclePriceList: yearly(1000),
  },
]

export function findSku(skuId: string): CatalogueSku | undefined {
  return CATALOGUE.find((sku) => sku.SkuId === skuId)
}

/** The price of `years` of a SKU, or undefined when the SKU or the cycle is not sold. */
export function priceOf(skuId: string, years: number): number | undefined {
  return findSku(skuId)?.BuyCyclePriceList.find((p) => p.BuyCycle === years)?.Price
}

export const UPGRADE_MESSAGES = {
  topEdition: '当前已是最高版本，无法升级',
  notHigher: '只能升级到同一产品的更高版本',
  noTermLeft: '产品服务期已结束，请先续费后再升级',
} as const

/** The editions a business on `fromSkuId` may be upgraded to: the same product, a higher edition. */
export function upgradeTargets(fromSkuId: string): CatalogueSku[] {
  const from = findSku(fromSkuId)
  if (!from || from.addOn) return []
  return CATALOGUE.filter(
    (sku) => !sku.addOn && sku.ProductName === from.ProductName && sku.edition > from.edition,
  )
}

/** Why `fromSkuId` cannot be upgraded to `toSkuId`, or null when it can. */
export function upgradeRefusal(fromSkuId: string, toSkuId: string): string | null {
  const targets = upgradeTargets(fromSkuId)
  if (!targets.length) return UPGRADE_MESSAGES.topEdition
  return targets.some((sku) => sku.SkuId === toSkuId) ? null : UPGRADE_MESSAGES.notHigher
}

/** The term a one-year price is for, when an upgrade is priced by the second. */
export const YEAR_SECONDS = 365 * 24 * 3600

/**
 * The upgrade rule (docs/api.md "Upgrade pricing"): the difference between the two editions'
 * one-year catalogue prices for what is left of the business's term, rounded up to the fen; the
 * expiry date does not move. Undefined when the upgrade is not permitted or no term is left (renew
 * first). Yuan, with at most two decimals.
 */
export function upgradePrice(
  fromSkuId: string,
  toSkuId: string,
  expireTime: Date | null,
  at: Date,
): number | undefined {
  if (upgradeRefusal(fromSkuId, toSkuId)) return undefined
  const fromYear = priceOf(fromSkuId, 1)
  const toYear = priceOf(toSkuId, 1)
  if (fromYear === undefined || toYear === undefined || !expireTime) return undefined
  const leftSeconds = Math.ceil((expireTime.getTime() - at.getTime()) / 1000)
  if (leftSeconds <= 0) return undefined
  // Whole fen times whole seconds stays an exact integer (below 2^53), so the rounding is exact.
  const yearlyFen = Math.round((toYear - fromYear) * 100)
  return Math.max(1, Math.ceil((yearlyFen * leftSeconds) / YEAR_SECONDS)) / 100
}
