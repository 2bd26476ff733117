// Response schemas shared by the order routes (orders, checkout, renewal): the payment page's lines,
// the catalogue's prices, and the order services' own envelope.
import type { BuyCyclePrice, PaymentLine } from '../../src/core/contract/checkout'
import { decimal, flag, int, refusalEnvelope, responseOf, shape, text } from './responses'

/** doc2 §3 "Payment line". */
export const paymentLine = responseOf<PaymentLine>()(
  shape({
    OrderNo: text,
    ProductName: text,
    ProductTypeName: text,
    BuyCycle: int,
    PayMethod: text,
    Count: int,
    Price: text,
    secondDomain: text,
  }),
)

/** A cycle (years) and its price in yuan, from the catalogue. */
export const buyCyclePrice = responseOf<BuyCyclePrice>()(shape({ BuyCycle: int, Price: decimal }))

/** What the type provider sees of an order-service answer: `Data` typed by its schema. */
interface OrderServiceEnvelopeSchema<D> {
  readonly type: 'object'
  readonly properties: {
    readonly IsSuccess: typeof flag
    readonly code: typeof int
    readonly Message: typeof text
    readonly Data: D
  }
  readonly required: readonly ['IsSuccess', 'code', 'Message', 'Data']
  readonly additionalProperties: false
}

/**
 * The `response` of a route answering as the order services do, { IsSuccess, code, Message, Data }
 * (doc2 §7). A refusal before the handler runs (the session, the input) is the usual envelope: the
 * serializer tells the two apart by IsSuccess.
 */
export function orderServiceAnswer<const D>(data: D): { 200: OrderServiceEnvelopeSchema<D> } {
  return {
    200: {
      type: 'object',
      description:
        '订单服务的信封 { IsSuccess, code, Message, Data }；会话或参数的拒绝为信封 { code, message, data }',
      if: { type: 'object', required: ['IsSuccess'] },
      then: shape({ IsSuccess: flag, code: int, Message: text, Data: data }),
      else: refusalEnvelope,
    } as unknown as OrderServiceEnvelopeSchema<D>,
  }
}
