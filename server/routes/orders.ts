// Orders (doc2 §7 "Orders and payment": getOrder, getOrderDetails, getOrderById, syncOrderStatus,
// UpdateOrder, getEvaluateUrl). Main accounts only (doc2 §6); services/orders/orders.ts owns the account filter.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { Refusal } from '../services/shared/errors'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import {
  ORDER_STATUS,
  type BusinessOrdersQuery,
  type Order,
  type OrderIdQuery,
  type OrderLineItem,
  type OrderPayment,
  type SyncOrderStatusRequest,
  type UpdateOrderRequest,
} from '../../src/core/contract/orders'
import { documented, TAG } from './api-tags'
import { orderServiceAnswer } from './order-answers'
import {
  answer,
  dateTime,
  decimal,
  int,
  listOf,
  none,
  nullable,
  nullAnswer,
  oneOfValues,
  pageOf,
  responseOf,
  shape,
  text,
} from './responses'
import { object, pageNum, pageQuery, pageSize, requestOf, rowId, shortText, type TypedApp } from './schemas'

const about = documented(TAG.orders)

/** doc2 §4: the only status the console sets is 4, voided. */
const VOIDED = { type: 'integer', enum: [ORDER_STATUS.voided] } as const

const businessOrdersQuery = requestOf<BusinessOrdersQuery>()(
  object({ businessId: rowId, pageNum, pageSize }, ['businessId', 'pageNum', 'pageSize']),
)
const orderIdQuery = requestOf<OrderIdQuery>()(object({ orderId: rowId }, ['orderId']))
const syncStatusBody = requestOf<SyncOrderStatusRequest>()(
  object({ orderCode: shortText(32), status: VOIDED }, ['orderCode', 'status']),
)
const updateOrderBody = requestOf<UpdateOrderRequest>()(
  object({ OrderNo: shortText(32), orderProcessStatusId: VOIDED }, ['OrderNo', 'orderProcessStatusId']),
)

const orderLine = responseOf<OrderLineItem>()(
  shape({
    businessId: nullable(int),
    productName: text,
    productVersion: text,
    secondDomain: text,
    cycleNum: int,
    payMethod: text,
    amount: decimal,
  }),
)
const orderPayment = responseOf<OrderPayment>()(
  shape({
    provider: oneOfValues(['alipay', 'wxpay']),
    amount: decimal,
    paidAt: dateTime,
    state: oneOfValues(['paid', 'refund_due', 'refunding', 'refunded', 'refund_failed']),
    refundedAt: nullable(dateTime),
  }),
)
/** The lists leave out `payments`; getOrderById always has them. */
const order = responseOf<Order>()(
  shape(
    {
      id: int,
      orderCode: text,
      businessId: nullable(int),
      productName: text,
      productVersion: text,
      orderTypeStr: text,
      cycleNum: int,
      payMethod: text,
      createTime: dateTime,
      payTime: nullable(dateTime),
      status: int,
      originalAmount: decimal,
      payAmount: decimal,
      salesChannel: int,
      productType: int,
      signStatus: int,
      billStatus: int,
      billUrl: text,
      isEvaluate: int,
      isDisplay: int,
      lines: listOf(orderLine),
      payments: listOf(orderPayment),
    },
    ['payments'],
  ),
)

export function orderRoutes(app: TypedApp, { orders, payments }: Services, { requireMainAccount }: Guards) {
  const preHandler = requireMainAccount

  app.get(
    '/api/pc/getOrder',
    { schema: { ...about('订单列表'), querystring: pageQuery, response: answer(pageOf(order)) }, preHandler },
    async (req) => ok(await orders.page(req.viewer, req.query, originOf(req))),
  )

  app.get(
    '/api/pc/getOrderDetails',
    {
      schema: {
        ...about('一个产品的订单'),
        querystring: businessOrdersQuery,
        response: answer(pageOf(order)),
      },
      preHandler,
    },
    async (req) =>
      ok(await orders.pageOfBusiness(req.viewer, req.query.businessId, req.query, originOf(req))),
  )

  app.get(
    '/api/pc/getOrderById',
    {
      schema: {
        ...about('订单详情（含支付记录）'),
        querystring: orderIdQuery,
        response: answer(order),
      },
      preHandler,
    },
    async (req) => ok(await orders.byId(req.viewer, req.query.orderId, originOf(req))),
  )

  // doc2 §4 cancel, step 2: the account service's copy of the status. Both steps close the order's
  // open payment attempts at the providers first (services/payments voidOrder).
  app.post(
    '/api/pc/syncOrderStatus',
    {
      schema: {
        ...about('作废订单（账号服务）'),
        body: syncStatusBody,
        response: nullAnswer,
      },
      preHandler,
    },
    async (req) => {
      await payments.voidOrder(req.viewer, req.body.orderCode.trim())
      return ok(null)
    },
  )

  // doc2 §4 cancel, step 1: the order service, whose envelope is { IsSuccess, Message, Data }.
  app.post(
    '/oapi/newac/UpdateOrder',
    {
      schema: {
        ...about('作废订单（订单服务）'),
        body: updateOrderBody,
        response: orderServiceAnswer(none),
      },
      preHandler,
    },
    async (req) => {
      try {
        await payments.voidOrder(req.viewer, req.body.OrderNo.trim())
        return { IsSuccess: true, code: 200, Message: '操作成功', Data: null }
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        return { IsSuccess: false, code: error.code, Message: error.message, Data: null }
      }
    },
  )

  app.get(
    '/api/app/evaluate/getEvaluateUrl',
    {
      schema: {
        ...documented(TAG.evaluations)('订单的评价链接'),
        querystring: orderIdQuery,
        response: answer(text),
      },
      preHandler,
    },
    async (req) => ok(await orders.evaluateUrl(req.viewer, req.query.orderId, originOf(req))),
  )
}
