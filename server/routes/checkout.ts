// Confirm order, generate order and the unpaid order's state (doc2 §7 "Orders and payment").
// Sub-admins may buy, and renew or upgrade with website management: requireViewer, not
// requireMainAccount (the order list is main-only). services/orders/order-access.ts decides which orders
// a sub-admin may follow by code; every other code is answered like a missing order (508).
import type { Guards } from '../http/auth'
import { ok, OK_MESSAGE } from '../http/envelope'
import type { Services } from '../services'
import type {
  ConfirmOrderLine,
  ConfirmOrderRequest,
  GenerateOrderRequest,
  OrderCodeQuery,
  OrderInfo,
  OrderTimeout,
} from '../../src/core/contract/checkout'
import { documented, TAG } from './api-tags'
import { buyCyclePrice, orderServiceAnswer, paymentLine } from './order-answers'
import { answer, dateTime, flag, int, listOf, nullable, responseOf, shape, text } from './responses'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'

const about = documented(TAG.checkout)

/** doc2 §3 "Confirm-order line". */
const confirmOrderLine = responseOf<ConfirmOrderLine>()(
  shape({
    SkuId: text,
    ProductName: text,
    ProductTypeName: text,
    PayMethod: text,
    Count: int,
    BuyCyclePriceList: listOf(buyCyclePrice),
  }),
)
/** Amounts are the yuan text of the order's numeric columns ("1980.00"). */
const orderInfo = responseOf<OrderInfo>()(
  shape({
    orderCode: text,
    orderType: int,
    status: int,
    totalAmount: text,
    originalAmount: text,
    createTime: dateTime,
    payDeadline: nullable(dateTime),
    lines: listOf(paymentLine),
  }),
)
const orderTimeout = responseOf<OrderTimeout>()(shape({ h: int, m: int, s: int }))

/** The order services answer { IsSuccess, Message, Data } (doc2 §7); refusals are the usual envelope. */
const oapiOk = <T>(Data: T) => ({ IsSuccess: true, code: 200, Message: OK_MESSAGE, Data })

const byOrderCode = {
  querystring: requestOf<OrderCodeQuery>()(object({ orderCode: shortText(32) }, ['orderCode'])),
}

const confirmOrderBody = requestOf<ConfirmOrderRequest>()(
  object(
    {
      SkuId: shortText(32),
      OrderTypeId: integer,
      secondDomain: shortText(128),
      OrderNo: shortText(32),
    },
    ['SkuId', 'OrderTypeId'],
  ),
)

const generateOrderBody = requestOf<GenerateOrderRequest>()(
  object(
    {
      NewACUserId: { anyOf: [integer, shortText(16)] },
      SkuId: shortText(32),
      OrderTypeId: integer,
      BuyCycle: integer,
      FrontEndUrl: shortText(512),
      OrderNo: shortText(32),
      CommonParam: shortText(1024),
    },
    ['SkuId', 'OrderTypeId', 'BuyCycle'],
  ),
)

export function checkoutRoutes(app: TypedApp, { checkout, payments }: Services, { requireViewer }: Guards) {
  app.post(
    '/oapi/newac/ConfirmOrder',
    {
      preHandler: requireViewer,
      schema: {
        ...about('确认订单：SKU 的购买周期与价格'),
        body: confirmOrderBody,
        response: orderServiceAnswer(listOf(confirmOrderLine)),
      },
    },
    async (req) => oapiOk(await checkout.confirmOrder(req.viewer, req.body)),
  )

  app.post(
    '/oapi/newac/GenerateOrder',
    {
      preHandler: requireViewer,
      schema: {
        ...about('生成订单（未支付，按目录定价）'),
        body: generateOrderBody,
        response: orderServiceAnswer(listOf(paymentLine)),
      },
    },
    async (req) => oapiOk(await checkout.generateOrder(req.viewer, req.body)),
  )

  // doc2 §7 names getOrderInfo under /api/pc (polled by the payment page) and /api/feignOrder
  // (with originalAmount): one answer, which carries originalAmount, and one ownership rule (508).
  for (const url of ['/api/pc/getOrderInfo', '/api/feignOrder/getOrderInfo']) {
    app.get(
      url,
      {
        preHandler: requireViewer,
        schema: { ...about('待支付订单的信息'), ...byOrderCode, response: answer(orderInfo) },
      },
      async (req) => ok(await checkout.orderInfo(req.viewer, req.query.orderCode.trim())),
    )
  }

  app.get(
    '/api/feignOrder/getOrderTimeOut',
    {
      preHandler: requireViewer,
      schema: { ...about('订单剩余支付时间'), ...byOrderCode, response: answer(orderTimeout) },
    },
    async (req) => ok(await checkout.timeLeft(req.viewer, req.query.orderCode.trim())),
  )

  app.get(
    '/api/pc/getOrderStatus',
    {
      preHandler: requireViewer,
      schema: { ...about('订单是否已支付'), ...byOrderCode, response: answer(flag) },
    },
    async (req) => ok(await payments.paymentStatus(req.viewer, req.query.orderCode.trim())),
  )
}
