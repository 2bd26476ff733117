// The product home's calls (account-area §7 Products; doc2 §7). The server filters by the viewer's
// account; a sub-admin without website management gets an empty list with isWebsiteManage 0.
import { http } from '../../core/http/request'
import type { PageQuery } from '../../core/contract/paging'
import type {
  BackendSignIn,
  BackendSignInQuery,
  BusinessQuery,
  DeliveryAddress,
  OrderOpenQuery,
  ProductCard,
  ProductPage,
  SecondDomainQuery,
  Site,
  UnpaidCheck,
} from '../../core/contract/products'

export type { ProductCard }

export const productApi = {
  // The list shows its own error state (with retry): no toast on top.
  list: (page: PageQuery) => http.get<ProductPage>('/api/pc/getProducts', { ...page }, { silent: true }),
  sites: () => http.get<Site[]>('/api/pc/getSiteListByEmpId'),
  isBound: (secondDomain: string) =>
    http.get<0 | 1>('/api/pc/checkBusinessBind', { secondDomain } satisfies SecondDomainQuery),
  // Polled during the post-purchase progress bar: failures stay quiet and the next tick retries.
  isOpen: (orderCode: string) =>
    http.get<boolean>('/api/feignOrder/selectBusinessIsOpen', { orderCode } satisfies OrderOpenQuery, {
      silent: true,
    }),
  renewSkuId: (businessId: number) =>
    http.get<string>('/api/pc/getRenewSkuId', { businessId } satisfies BusinessQuery),
  unpaidRenewal: (businessId: number) =>
    http.get<UnpaidCheck>('/api/pc/checkUnPaidOrder', { businessId } satisfies BusinessQuery),
  deliveryAddress: (secondDomain: string) =>
    http.get<DeliveryAddress>('/api/pc/getAddressByProjectStatus', {
      secondDomain,
    } satisfies SecondDomainQuery),
  backendSignIn: (businessId: number, tag: string) =>
    http.get<BackendSignIn>('/api/pc/miandenglu', { businessId, tag } satisfies BackendSignInQuery),
}
