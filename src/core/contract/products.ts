// The product home on the wire (account-area §3 "Product/site card", §4, §7 Products; doc2 §8
// checkUnPaidOrder).
import type { Page } from './paging'

/** account-area §4: a business's status, 0 opening … 6 upgrading; anything else is abnormal. */
export const BUSINESS_STATUS = {
  opening: 0,
  valid: 1,
  paused: 2,
  stopped: 3,
  expired: 4,
  refunded: 5,
  upgrading: 6,
} as const

/** account-area §3 "Product/site card". Times are ISO strings, shown in UTC+8. */
export interface ProductCard {
  id: number
  orderCode: string
  skuId: string
  secondDomain: string
  realSecondDomain: string
  websiteName: string
  productName: string
  productVersion: string
  channel: number
  newOrder: number
  isWebsiteManage: number
  source: number
  status: number
  isExpire: number
  openTime: string | null
  expireTime: string | null
  payMethod: string
  businessCenterState: number
  isNeedDeliver: number
  isProjectFinish: number
  showHoutai: number
  isDaiweiBusiness: number
  relationSecondDomain: string
  /** 1 while a higher edition of the same product is sold (升级 can go somewhere); 0 at the top edition. */
  canUpgrade: number
}

/** getProducts. */
export interface ProductPage extends Page<ProductCard> {
  /** 0: a sub-admin without website management (no products, say why). */
  isWebsiteManage: number
}

/** getSiteListByEmpId. */
export interface Site {
  id: number
  siteName: string
  secondDomain: string
  siteUrl: string
}

/** checkUnPaidOrder: 200 no unpaid renewal, 300 one is waiting (its orderCode). */
export interface UnpaidCheck {
  status: 200 | 300
  orderCode?: string
}

/** getAddressByProjectStatus: the site's delivery centre ('' = none yet). */
export interface DeliveryAddress {
  address: string
}

/** miandenglu: a sign-in link to the product's backend, valid once. */
export interface BackendSignIn {
  url: string
}

/** GET /api/feignOrder/selectBusinessIsOpen: the order whose products are being opened. */
export interface OrderOpenQuery {
  orderCode: string
}

/** GET /api/pc/checkBusinessBind and getAddressByProjectStatus: a site by its second domain. */
export interface SecondDomainQuery {
  secondDomain: string
}

/** GET /api/pc/getRenewSkuId and checkUnPaidOrder: one business of the account. */
export interface BusinessQuery {
  businessId: number
}

/** GET /api/pc/miandenglu: the business whose backend to enter, and which page of it (`tag`). */
export interface BackendSignInQuery {
  businessId: number
  tag: string
}
