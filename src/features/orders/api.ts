// Orders (doc2 §7 "Orders and payment"). List calls are silent: the list shows its own failure.
import { http } from '../../core/http/request'
import {
  ORDER_STATUS,
  type BusinessOrdersQuery,
  type Order,
  type OrderIdQuery,
  type SyncOrderStatusRequest,
  type UpdateOrderRequest,
} from '../../core/contract/orders'
import type { Page, PageQuery } from '../../core/contract/paging'

export type { Order }

export const orderApi = {
  list: (query: PageQuery) => http.get<Page<Order>>('/api/pc/getOrder', { ...query }, { silent: true }),
  ofBusiness: (query: BusinessOrdersQuery) =>
    http.get<Page<Order>>('/api/pc/getOrderDetails', { ...query }, { silent: true }),
  byId: (query: OrderIdQuery) => http.get<Order>('/api/pc/getOrderById', { ...query }, { silent: true }),
  // doc2 §4 cancel: the order service first, then the account service.
  updateOrder: (OrderNo: string) =>
    http.post<null>('/oapi/newac/UpdateOrder', {
      OrderNo,
      orderProcessStatusId: ORDER_STATUS.voided,
    } satisfies UpdateOrderRequest),
  syncStatus: (orderCode: string) =>
    http.post<null>('/api/pc/syncOrderStatus', {
      orderCode,
      status: ORDER_STATUS.voided,
    } satisfies SyncOrderStatusRequest),
  evaluateUrl: (orderId: number) =>
    http.get<string>('/api/app/evaluate/getEvaluateUrl', { orderId } satisfies OrderIdQuery),
}
