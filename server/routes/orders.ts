// Orders (doc2 §7 "Orders and payment": getOrder, getOrderDetails, getOrderById, syncOrderStatus,
// UpdateOrder, getEvaluateUrl). Main accounts only (doc2 §6); services/orders/orders.ts owns the account filter.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { Refusal } from '../services/shared/errors'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { object, shortText, type TypedApp, pageNum, pageSize, rowId } from './schemas'

const pageQuery = object({ pageNum, pageSize }, ['pageNum', 'pageSize'])
/** doc2 §4: the only status the console sets is 4, voided. */
const VOIDED = { type: 'integer', enum: [4] } as const

export function orderRoutes(app: TypedApp, { orders, payments }: Services, { requireMainAccount }: Guards) {
  const preHandler = requireMainAccount

  app.get('/api/pc/getOrder', { schema: { querystring: pageQuery }, preHandler }, async (req) =>
    ok(await orders.page(req.viewer, req.query, originOf(req))),
  )

  app.get(
    '/api/pc/getOrderDetails',
    {
      schema: {
        querystring: object({ businessId: rowId, pageNum, pageSize }, ['businessId', 'pageNum', 'pageSize']),
      },
      preHandler,
    },
    async (req) =>
      ok(await orders.pageOfBusiness(req.viewer, req.query.businessId, req.query, originOf(req))),
  )

  app.get(
    '/api/pc/getOrderById',
    { schema: { querystring: object({ orderId: rowId }, ['orderId']) }, preHandler },
    async (req) => ok(await orders.byId(req.viewer, req.query.orderId, originOf(req))),
  )

  // doc2 §4 cancel, step 2: the account service's copy of the status. Both steps close the order's
  // open payment attempts at the providers first (services/payments voidOrder).
  app.post(
    '/api/pc/syncOrderStatus',
    {
      schema: { body: object({ orderCode: shortText(32), status: VOIDED }, ['orderCode', 'status']) },
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
        body: object({ OrderNo: shortText(32), orderProcessStatusId: VOIDED }, [
          'OrderNo',
          'orderProcessStatusId',
        ]),
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
    { schema: { querystring: object({ orderId: rowId }, ['orderId']) }, preHandler },
    async (req) => ok(await orders.evaluateUrl(req.viewer, req.query.orderId, originOf(req))),
  )
}
