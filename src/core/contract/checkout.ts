// Confirm order and payment on the wire (doc2 §2 Confirm order / Payment page, §3 "Confirm-order
// line" / "Payment line", §7 Orders and payment, §8 getOrderInfo codes).
export const CHECKOUT_MESSAGES = {
  badParams: '非法参数，请重试',
  notOwner: '当前业务不属于当前账号，无法续费！',
} as const

/** An order that cannot be paid (doc2 §2 Payment page, §8 508): the server's refusal, the page's text. */
export const ORDER_STATE_MESSAGES = {
  missing: '订单不存在',
  expired: '订单已过期，请重新下单！',
  paid: '订单已支付',
} as const

/** doc2 §8 getOrderInfo: 10010 not written yet (retry), 508 missing or not the viewer's. */
export const ORDER_NOT_READY_CODE = 10010
export const ORDER_MISSING_CODE = 508

export interface BuyCyclePrice {
  /** Years. */
  BuyCycle: number
  /** Yuan, for the whole cycle. */
  Price: number
}

/** ConfirmOrder's body (the confirm-order page). */
export interface ConfirmOrderRequest {
  SkuId: string
  OrderTypeId: number
  secondDomain?: string
  /** For a renewal or an upgrade: the order that opened the business. */
  OrderNo?: string
}

/** doc2 §3 "Confirm-order line": ConfirmOrder's answer, one per SKU. */
export interface ConfirmOrderLine {
  SkuId: string
  ProductName: string
  ProductTypeName: string
  PayMethod: string
  Count: number
  BuyCyclePriceList: BuyCyclePrice[]
}

/** GenerateOrder's body. No price: the server takes it from the catalogue. */
export interface GenerateOrderRequest {
  NewACUserId?: number | string
  SkuId: string
  OrderTypeId: number
  BuyCycle: number
  FrontEndUrl?: string
  /** For a renewal or an upgrade: the order that opened the business. */
  OrderNo?: string
  /** JSON: { subAccountId, secondDomain }. */
  CommonParam?: string
}

/** doc2 §3 "Payment line": GenerateOrder's answer, and the payment page's `source` query. */
export interface PaymentLine {
  OrderNo: string
  ProductName: string
  ProductTypeName: string
  BuyCycle: number
  PayMethod: string
  Count: number
  /** Yuan with two decimals ("1980.00"). */
  Price: string
  /** The product's domain (a renewal's; '' for a new purchase not opened yet). */
  secondDomain: string
}

/** getOrderInfo (both paths), getOrderTimeOut and getOrderStatus: an order by its code. */
export interface OrderCodeQuery {
  orderCode: string
}

/** getOrderInfo. */
export interface OrderInfo {
  orderCode: string
  orderType: number
  status: number
  totalAmount: string
  originalAmount: string
  createTime: string
  payDeadline: string | null
  lines: PaymentLine[]
}

/** getOrderTimeOut: the time left to pay (doc2 §3 "timeout h, m, s"). */
export interface OrderTimeout {
  h: number
  m: number
  s: number
}

/**
 * The payment page's address a phone comes back to from the provider's page carries this flag: no
 * notification may have come yet, so the page watches the payment status as the QR dialog does
 * (and each poll lets the server ask the provider, which recovers a lost notification).
 */
export const FROM_PROVIDER_PARAM = 'fromProvider'
