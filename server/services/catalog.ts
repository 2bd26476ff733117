// The product catalogue: the one source of every price (doc2 §3 "Confirm-order line", §9). The
// client sends a SkuId, an order type and a buy cycle; the server looks the price up here.

export interface BuyCyclePrice {
  /** Years. */
  BuyCycle: number
  /** Yuan, for the whole cycle. */
  Price: number
}

export interface CatalogueSku {
  SkuId: string
  ProductName: string
  ProductTypeName: string
  /** doc2 §4: contracts exist for product types 1 and 2. */
  productType: number
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
    PayMethod: '年',
    BuyCyclePriceList: yearly(1980),
  },
  {
    SkuId: 'SKU-SITE-PRO',
    ProductName: '自助建站',
    ProductTypeName: '专业版',
    productType: 1,
    PayMethod: '年',
    BuyCyclePriceList: yearly(3980),
  },
  {
    SkuId: 'SKU-ENT-WEB',
    ProductName: '企业官网',
    ProductTypeName: '旗舰版',
    productType: 2,
    PayMethod: '年',
    BuyCyclePriceList: yearly(5800),
  },
  {
    SkuId: 'SKU-MINI-APP',
    ProductName: '小程序',
    ProductTypeName: '商城版',
    productType: 3,
    PayMethod: '年',
    BuyCyclePriceList: yearly(2980),
  },
  // doc2 §9: maintenance service, basic 2000 and standard 4000 yuan a year.
  {
    SkuId: 'SKU-DAIWEI-BASIC',
    ProductName: '代维管家',
    ProductTypeName: '基础版',
    productType: 4,
    PayMethod: '年',
    BuyCyclePriceList: yearly(2000),
  },
  {
    SkuId: 'SKU-DAIWEI-STD',
    ProductName: '代维管家',
    ProductTypeName: '标准版',
    productType: 4,
    PayMethod: '年',
    BuyCyclePriceList: yearly(4000),
  },
]

export function findSku(skuId: string): CatalogueSku | undefined {
  return CATALOGUE.find((sku) => sku.SkuId === skuId)
}

/** The price of `years` of a SKU, or undefined when the SKU or the cycle is not sold. */
export function priceOf(skuId: string, years: number): number | undefined {
  return findSku(skuId)?.BuyCyclePriceList.find((p) => p.BuyCycle === years)?.Price
}
