// Confirm order (doc2 §2 Confirm order, §3 Confirm-order line, §5 "非法参数，请重试", §6 renewal).
import type { Query } from '../../core/routing/url'
import {
  CHECKOUT_MESSAGES,
  type ConfirmOrderLine,
  type GenerateOrderRequest,
} from '../../core/contract/checkout'
import { isOrderType, ORDER_TYPE, ORDER_TYPE_LABEL, type OrderTypeId } from '../../core/contract/orders'
import { buyCycleLabel } from '../../core/validation/business-orders'

// The wire's types and codes live in the contract; the confirm page reads them from here.
export { CHECKOUT_MESSAGES, ORDER_TYPE, ORDER_TYPE_LABEL }
export type { ConfirmOrderLine, OrderTypeId }

export interface ConfirmQuery {
  skuId: string
  orderTypeId: OrderTypeId
  secondDomain: string
  /** The order that opened the business (renewal, upgrade); may be empty. */
  orderCode: string
}

/** /order needs SkuId, OrderTypeId and secondDomain (doc2 §5); otherwise 非法参数，请重试. */
export function parseConfirmQuery(
  query: Query,
): { ok: true; value: ConfirmQuery } | { ok: false; message: string } {
  const skuId = (query.SkuId ?? '').trim()
  const secondDomain = (query.secondDomain ?? '').trim()
  const orderTypeId = Number(query.OrderTypeId)
  if (!skuId || !secondDomain || !isOrderType(orderTypeId)) {
    return { ok: false, message: CHECKOUT_MESSAGES.badParams }
  }
  return { ok: true, value: { skuId, orderTypeId, secondDomain, orderCode: (query.orderCode ?? '').trim() } }
}

/** doc2 §6: a renewal needs the business to belong to the current account (checked first). */
export const needsOwnership = (type: OrderTypeId) => type !== ORDER_TYPE.purchase

/** The cycle shown first: the shortest one sold. */
export function defaultCycle(line: ConfirmOrderLine | undefined): number | null {
  const cycles = line?.BuyCyclePriceList.map((p) => p.BuyCycle) ?? []
  return cycles.length ? Math.min(...cycles) : null
}

/** The catalogue price of a cycle, for display only (the server prices the order itself). */
export function priceOf(line: ConfirmOrderLine | undefined, cycle: number | null): number | null {
  return line?.BuyCyclePriceList.find((p) => p.BuyCycle === cycle)?.Price ?? null
}

/** A cycle as the user reads it: "2年", or 剩余服务期 for an upgrade (priced for the remaining term). */
export const cycleLabel = buyCycleLabel

/** GenerateOrder's body (doc2 §7). No price: the server takes it from the catalogue. */
export function generateOrderBody(
  query: ConfirmQuery,
  buyCycle: number,
  viewer: { accountId: number | null; subAccountId: number },
): GenerateOrderRequest {
  return {
    NewACUserId: viewer.accountId ?? undefined,
    SkuId: query.skuId,
    OrderTypeId: query.orderTypeId,
    BuyCycle: buyCycle,
    FrontEndUrl: '/orderByPlay',
    OrderNo: query.orderCode,
    CommonParam: JSON.stringify({ subAccountId: viewer.subAccountId, secondDomain: query.secondDomain }),
  }
}
