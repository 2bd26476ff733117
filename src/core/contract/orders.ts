// Orders on the wire (doc2 §3 "Order", §4 order status, invoice and contract states, channels):
// the code tables both ends compare against, and the order as getOrder / getOrderById answer it.
import type { PageQuery } from './paging'
import type { PaymentProvider } from './payments'

/** doc2 §4 order status. */
export const ORDER_STATUS = { paid: 1, refunded: 2, unpaid: 3, voided: 4 } as const
/** doc2 §4 invoice states: 1 may apply, 2 applied, 3 being issued, 4 issued (billUrl), 5 rejected. */
export const BILL_STATUS = { open: 1, applied: 2, issuing: 3, issued: 4, rejected: 5 } as const
/** doc2 §4 contract states: 0 none, 1 signing, 2 signed, 3 refused, 4 expired (0/3/4 may apply). */
export const SIGN_STATUS = { none: 0, signing: 1, signed: 2, refused: 3, expired: 4 } as const
/**
 * An order whose invoice and contract records belong to another account (the one that paid, before
 * a product transfer moved the order here): no invoice or contract action, nothing of them shown.
 */
export const BILLED_ELSEWHERE = { billStatus: 0, signStatus: 5 } as const
/** doc2 §4 sales channels. */
export const CHANNEL = { market: 1638, marketFree: 31, partnerA: 1723, partnerB: 1740, direct: 32 } as const

/** OrderTypeId (doc2 §7 ConfirmOrder, /order?OrderTypeId=): 1 new purchase, 2 renewal, 3 upgrade. */
export const ORDER_TYPE = { purchase: 1, renewal: 2, upgrade: 3 } as const
export type OrderTypeId = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE]
/** An order's orderTypeStr. */
export const ORDER_TYPE_LABEL: Record<OrderTypeId, string> = { 1: '新购', 2: '续费', 3: '升级' }

export const isOrderType = (value: number): value is OrderTypeId =>
  (Object.values(ORDER_TYPE) as number[]).includes(value)

/** getOrderById, getEvaluateUrl and esign getContractUrl: one order of the viewer's account. */
export interface OrderIdQuery {
  orderId: number
}

/** getOrderDetails: the orders of one product, a page at a time. */
export interface BusinessOrdersQuery extends PageQuery {
  businessId: number
}

/** doc2 §4 cancel, step 2 (syncOrderStatus): the only status the console sets is voided. */
export interface SyncOrderStatusRequest {
  orderCode: string
  status: typeof ORDER_STATUS.voided
}

/** doc2 §4 cancel, step 1 (the order service's UpdateOrder): voided, in its own names. */
export interface UpdateOrderRequest {
  OrderNo: string
  orderProcessStatusId: typeof ORDER_STATUS.voided
}

/** An order as the client sees it (doc2 §3 "Order"). Times are ISO 8601; amounts yuan. */
export interface Order {
  id: number
  orderCode: string
  businessId: number | null
  productName: string
  productVersion: string
  orderTypeStr: string
  cycleNum: number
  payMethod: string
  createTime: string
  payTime: string | null
  status: number
  originalAmount: number
  payAmount: number
  salesChannel: number
  productType: number
  signStatus: number
  billStatus: number
  /** A full address once the invoice is issued, else ''. */
  billUrl: string
  isEvaluate: number
  isDisplay: number
  /** The products it is for: one line, or one per product of a batch renewal. */
  lines: OrderLineItem[]
  /** getOrderById only: every payment the providers confirmed for the order, oldest first. */
  payments?: OrderPayment[]
}

/** One product of an order. */
export interface OrderLineItem {
  businessId: number | null
  productName: string
  productVersion: string
  secondDomain: string
  cycleNum: number
  payMethod: string
  /** Yuan. */
  amount: number
}

/**
 * Where one confirmed payment stands: kept for the order (paid), or going back to the payer (a
 * payment that came after the order was paid, voided or could no longer be fulfilled).
 */
export const PAYMENT_STATE = {
  paid: 'paid',
  refundDue: 'refund_due',
  refunding: 'refunding',
  refunded: 'refunded',
  refundFailed: 'refund_failed',
} as const
export type PaymentState = (typeof PAYMENT_STATE)[keyof typeof PAYMENT_STATE]

/** A payment of an order as its detail shows it. Amounts yuan, times ISO 8601. */
export interface OrderPayment {
  provider: PaymentProvider
  amount: number
  paidAt: string
  state: PaymentState
  refundedAt: string | null
}
