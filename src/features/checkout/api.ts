// Confirm-order calls (doc2 §7 "Orders and payment").
import { http } from '../../core/http/request'
import type { PaymentLine } from '../payment/rules'
import type { ConfirmOrderLine, ConfirmQuery, generateOrderBody } from './rules'

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
      },
      { silent: true },
    ),
  generateOrder: (body: ReturnType<typeof generateOrderBody>) =>
    http.post<PaymentLine[]>('/oapi/newac/GenerateOrder', body),
}
