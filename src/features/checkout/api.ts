// Confirm-order calls (doc2 §7 "Orders and payment").
import { http } from '../../core/http/request'
import type {
  ConfirmOrderLine,
  ConfirmOrderRequest,
  GenerateOrderRequest,
  PaymentLine,
} from '../../core/contract/checkout'
import type { ConfirmQuery } from './rules'

export const checkoutApi = {
  /** 1 when the business on that domain belongs to the current account. */
  checkBusinessBind: (secondDomain: string) =>
    http.get<number>('/api/pc/checkBusinessBind', { secondDomain }, { silent: true }),
  // The page shows the failure itself (with retry): no toast on top.
  confirmOrder: (query: ConfirmQuery) =>
    http.post<ConfirmOrderLine[]>(
      '/oapi/newac/ConfirmOrder',
      {
        SkuId: query.skuId,
        OrderTypeId: query.orderTypeId,
        secondDomain: query.secondDomain,
        OrderNo: query.orderCode,
      } satisfies ConfirmOrderRequest,
      { silent: true },
    ),
  generateOrder: (body: GenerateOrderRequest) =>
    http.post<PaymentLine[]>('/oapi/newac/GenerateOrder', { ...body }),
}
