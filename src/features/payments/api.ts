// The payment page's calls (doc2 §7). The provider calls themselves are made by the payment
// adapter (features/payments/pay), which alone knows which one the environment needs.
import { http } from '../../core/http/request'
import type { OrderCodeQuery, OrderInfo, OrderTimeout } from '../../core/contract/checkout'

export type { OrderInfo }

// Polled: failures are read by the page (10010 retry, 508 missing), never toasted.
const quiet = { silent: true }

export const paymentApi = {
  orderInfo: (orderCode: string) =>
    http.get<OrderInfo>('/api/pc/getOrderInfo', { orderCode } satisfies OrderCodeQuery, quiet),
  timeout: (orderCode: string) =>
    http.get<OrderTimeout>('/api/feignOrder/getOrderTimeOut', { orderCode } satisfies OrderCodeQuery, quiet),
  isPaid: (orderCode: string) =>
    http.get<boolean>('/api/pc/getOrderStatus', { orderCode } satisfies OrderCodeQuery, quiet),
}
