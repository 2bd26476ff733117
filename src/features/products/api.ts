// The product home's calls (account-area §7 Products; doc2 §7). The server filters by the viewer's
// account; a sub-admin without website management gets an empty list with isWebsiteManage 0.
import { http } from '../../core/http/request'
import type { Page, PageQuery } from '../../core/ui/paging'
import type { UnpaidCheck } from './rules'

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
}

export interface ProductPage extends Page<ProductCard> {
  /** 0: a sub-admin without website management (no products, say why). */
  isWebsiteManage: number
}

export interface Site {
  id: number
  siteName: string
  secondDomain: string
  siteUrl: string
}

export const productApi = {
  // The list shows its own error state (with retry): no toast on top.
  list: (page: PageQuery) => http.get<ProductPage>('/api/pc/getProducts', { ...page }, { silent: true }),
  sites: () => http.get<Site[]>('/api/pc/getSiteListByEmpId'),
  isBound: (secondDomain: string) => http.get<0 | 1>('/api/pc/checkBusinessBind', { secondDomain }),
  // Polled during the post-purchase progress bar: failures stay quiet and the next tick retries.
  isOpen: (orderCode: string) =>
    http.get<boolean>('/api/feignOrder/selectBusinessIsOpen', { orderCode }, { silent: true }),
  renewSkuId: (businessId: number) => http.get<string>('/api/pc/getRenewSkuId', { businessId }),
  unpaidRenewal: (businessId: number) => http.get<UnpaidCheck>('/api/pc/checkUnPaidOrder', { businessId }),
  deliveryAddress: (secondDomain: string) =>
    http.get<{ address: string }>('/api/pc/getAddressByProjectStatus', { secondDomain }),
  backendSignIn: (businessId: number, tag: string) =>
    http.get<{ url: string }>('/api/pc/miandenglu', { businessId, tag }),
}
