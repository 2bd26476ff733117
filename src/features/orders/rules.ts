// Order list rules (doc2 §2 Order list, §4 States and transitions): status labels, the actions
// each order offers, amounts. Pure: the list, the cards and the detail page all read them.
import { ORDER_STATE_MESSAGES } from '../../core/contract/checkout'
import {
  BILL_STATUS,
  CHANNEL,
  ORDER_STATUS,
  PAYMENT_STATE,
  ORDER_TYPE,
  ORDER_TYPE_LABEL,
  SIGN_STATUS,
  type OrderLineItem,
  type OrderPayment,
  type PaymentState,
} from '../../core/contract/orders'
import { yuan } from '../../core/format/money'
import { formatBeijingTime } from '../../core/format/time'
import { canApplyContract, canApplyInvoice, type OrderStanding } from '../../core/validation/billing'
import { buyCycleLabel } from '../../core/validation/business-orders'

/** doc2 §4 order status. */
export const ORDER_STATUS_LABELS: Record<number, string> = {
  [ORDER_STATUS.paid]: '已支付',
  [ORDER_STATUS.refunded]: '已退款',
  [ORDER_STATUS.unpaid]: '未支付',
  [ORDER_STATUS.voided]: '已作废',
}

export const ORDER_EMPTY_TEXT = '暂无数据，请重试。'

/** Where a marketplace (1638) order's 详情 leads, and the partners' own invoice pages (1723, 1740). */
export const MARKETPLACE_ORDER_URL = 'https://market.yunmeng.example/console/orders'
export const PARTNER_INVOICE_URLS: Record<number, string> = {
  [CHANNEL.partnerA]: 'https://partner-a.yunmeng.example/invoice/apply',
  [CHANNEL.partnerB]: 'https://partner-b.yunmeng.example/invoice/apply',
}

export function orderStatusLabel(status: number | null | undefined): string {
  return ORDER_STATUS_LABELS[Number(status)] ?? '--'
}

/** doc2 §2: ¥ with 2 decimals, -- for zero; §4: channels 1638 and 31 show their amounts as 0. */
export function formatAmount(amount: number | string | null | undefined, salesChannel?: number): string {
  if (salesChannel === CHANNEL.market || salesChannel === CHANNEL.marketFree) return yuan(0)
  const value = Number(amount)
  return Number.isFinite(value) && value !== 0 ? yuan(value) : '--'
}

/**
 * The original amount shown beside 应付金额 where it differs (a discount, doc2 §3 originalAmount);
 * null when equal, unknown, or on channels whose amounts show as 0.
 */
export function originalAmountBeside(order: {
  payAmount: number | string
  originalAmount?: number | string | null
  salesChannel?: number
}): string | null {
  if (order.salesChannel === CHANNEL.market || order.salesChannel === CHANNEL.marketFree) return null
  if (order.originalAmount === null || order.originalAmount === undefined || order.originalAmount === '')
    return null
  const original = Number(order.originalAmount)
  if (!Number.isFinite(original) || original === 0) return null
  return Math.abs(original - Number(order.payAmount)) < 0.005 ? null : yuan(original)
}

/** /orderdetails of one order (doc2 §2 Order detail: a type other than 0 shows the order by detailId). */
export const orderDetailPath = (orderId: number) => `/orderdetails?type=1&detailId=${orderId}`

/** The order fields the list shows and the actions read (doc2 §3 "Order"). */
export interface OrderSummary extends OrderStanding {
  id: number
  orderCode: string
  billUrl: string
  /** 1 once the order's survey is submitted: 评价 is hidden. */
  isEvaluate: number
}

export type OrderAction =
  | { kind: 'pay'; label: '支付'; path: string }
  | { kind: 'void'; label: '作废' }
  | { kind: 'contract'; label: '申请合同' | '查看合同'; mode: 'apply' | 'view' }
  | { kind: 'invoice'; label: '申请发票' | '重新申请'; mode: 'apply' }
  | { kind: 'invoice'; label: '已申请'; mode: 'applied'; disabled: true }
  | { kind: 'invoice'; label: '下载发票' | '申请发票'; mode: 'download' | 'external'; url: string }
  | { kind: 'evaluate'; label: '评价' }
  | { kind: 'detail'; label: '详情'; url: string }

export type OrderActionKind = OrderAction['kind']

export const payPath = (orderCode: string) => `/orderByPlay?orderCode=${encodeURIComponent(orderCode)}`
export const marketplaceUrl = (orderCode: string) =>
  `${MARKETPLACE_ORDER_URL}?orderCode=${encodeURIComponent(orderCode)}`

/** doc2 §4 invoice: 1 apply (channel 32), 2/3 applied, 4 download, 5 re-apply; 1723/1740 go outside. */
export function invoiceAction(order: OrderSummary): OrderAction | null {
  const partner = PARTNER_INVOICE_URLS[order.salesChannel]
  if (partner) {
    return {
      kind: 'invoice',
      label: '申请发票',
      mode: 'external',
      url: `${partner}?orderCode=${order.orderCode}`,
    }
  }
  if (order.billStatus === BILL_STATUS.applied || order.billStatus === BILL_STATUS.issuing) {
    return { kind: 'invoice', label: '已申请', mode: 'applied', disabled: true }
  }
  if (order.billStatus === BILL_STATUS.issued && order.billUrl) {
    return { kind: 'invoice', label: '下载发票', mode: 'download', url: order.billUrl }
  }
  if (!canApplyInvoice(order)) return null
  return {
    kind: 'invoice',
    label: order.billStatus === BILL_STATUS.rejected ? '重新申请' : '申请发票',
    mode: 'apply',
  }
}

/** doc2 §4 contract (product types 1 and 2, paid): 0/3/4 apply, 1/2 view. */
export function contractAction(order: OrderSummary): OrderAction | null {
  if (canApplyContract(order)) return { kind: 'contract', label: '申请合同', mode: 'apply' }
  const signed = order.signStatus === SIGN_STATUS.signing || order.signStatus === SIGN_STATUS.signed
  if (signed && order.status === ORDER_STATUS.paid && [1, 2].includes(order.productType)) {
    return { kind: 'contract', label: '查看合同', mode: 'view' }
  }
  return null
}

/** The actions of one order, in the order they are shown (doc2 §4; 评价 goes once rated). */
export function orderActions(order: OrderSummary): OrderAction[] {
  const evaluate: OrderAction | null = order.isEvaluate ? null : { kind: 'evaluate', label: '评价' }
  switch (order.status) {
    case ORDER_STATUS.unpaid:
      return [
        { kind: 'pay', label: '支付', path: payPath(order.orderCode) },
        { kind: 'void', label: '作废' },
      ]
    case ORDER_STATUS.voided:
      return []
    case ORDER_STATUS.refunded:
      return evaluate ? [evaluate] : []
  }
  // Paid. Marketplace orders are managed there: 详情 and 评价 instead of paperwork.
  if (order.salesChannel === CHANNEL.market) {
    const detail: OrderAction = { kind: 'detail', label: '详情', url: marketplaceUrl(order.orderCode) }
    return evaluate ? [detail, evaluate] : [detail]
  }
  return [contractAction(order), invoiceAction(order), evaluate].filter((a): a is OrderAction => a !== null)
}

/** The void confirmation names the order (doc2 §2 dialogs, §8). */
export const voidConfirmText = (orderCode: string) => `是否作废订单号为 ${orderCode} 的订单？`

/**
 * 作废 closes the payment at the provider first; this refusal means the close found it paid, so the
 * order is paid now and must be shown again. Any other refusal (e.g. 订单支付状态确认中，请稍后再试:
 * the provider did not answer) changed nothing.
 */
export const voidFoundPaid = (message: string) => message === ORDER_STATE_MESSAGES.paid

/**
 * 实付金额: what the member paid. A refunded order keeps it, beside its 已退款 status (the sum that
 * went back); unpaid and voided orders paid nothing.
 */
export function paidAmount(order: { status: number; payAmount: number }): number {
  return order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.refunded ? order.payAmount : 0
}

export const PAYMENT_PROVIDER_LABELS: Record<OrderPayment['provider'], string> = {
  alipay: '支付宝',
  wxpay: '微信支付',
}

/** A refund not yet confirmed by the provider reads the same to the member, due or sent. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  [PAYMENT_STATE.paid]: '已支付',
  [PAYMENT_STATE.refundDue]: '退款中',
  [PAYMENT_STATE.refunding]: '退款中',
  [PAYMENT_STATE.refunded]: '已退款',
  [PAYMENT_STATE.refundFailed]: '退款异常，请联系客服',
}

export function paymentStateLabel(state: string): string {
  return PAYMENT_STATE_LABELS[state as PaymentState] ?? '--'
}

/** Colour of a payment's state: kept, on its way back, back, or stuck. */
export type PaymentTone = 'success' | 'warning' | 'muted' | 'danger'
const PAYMENT_TONES: Record<PaymentState, PaymentTone> = {
  [PAYMENT_STATE.paid]: 'success',
  [PAYMENT_STATE.refundDue]: 'warning',
  [PAYMENT_STATE.refunding]: 'warning',
  [PAYMENT_STATE.refunded]: 'muted',
  [PAYMENT_STATE.refundFailed]: 'danger',
}

/** One line of 支付记录, every text ready to show. */
export interface PaymentRecord {
  provider: string
  amount: string
  paidAt: string
  state: string
  /** When the refund landed; null unless refunded with a time. */
  refundedAt: string | null
  tone: PaymentTone
}

export function paymentRecord(payment: OrderPayment): PaymentRecord {
  const refunded = payment.state === PAYMENT_STATE.refunded && Boolean(payment.refundedAt)
  return {
    provider: PAYMENT_PROVIDER_LABELS[payment.provider] ?? '--',
    amount: yuan(payment.amount),
    paidAt: formatBeijingTime(payment.paidAt),
    state: paymentStateLabel(payment.state),
    refundedAt: refunded ? formatBeijingTime(payment.refundedAt) : null,
    tone: PAYMENT_TONES[payment.state] ?? 'muted',
  }
}

/**
 * 支付记录 is worth showing only when the order's single payment is not the whole story: a second
 * payment, or one going back to the payer. A plain paid order shows nothing new.
 */
export function showsPaymentRecords(payments: readonly OrderPayment[] | undefined): boolean {
  if (!payments?.length) return false
  return payments.length > 1 || payments.some((p) => p.state !== PAYMENT_STATE.paid)
}

// Order lines: a batch renewal is one order with a line per product. An order of one line
// looks as it always did; one of several names its count and lists each product.

/** True when the order covers several products (a batch renewal). */
export const hasSeveralLines = (order: { lines?: readonly OrderLineItem[] }) => (order.lines?.length ?? 0) > 1

/** What the product cell says of an order of several lines: 批量续费 · 3个产品 (新购 · 2个产品). */
export function orderLinesTitle(order: { orderTypeStr: string; lines: readonly OrderLineItem[] }): string {
  const count = `${order.lines.length}个产品`
  return order.orderTypeStr === ORDER_TYPE_LABEL[ORDER_TYPE.renewal]
    ? `批量续费 · ${count}`
    : `${order.orderTypeStr || '--'} · ${count}`
}

/** One line of an order, every text ready to show. */
export interface OrderLineView {
  product: string
  domain: string
  cycle: string
  amount: string
}

export function orderLineView(line: OrderLineItem, salesChannel?: number): OrderLineView {
  return {
    product: `${line.productName} ${line.productVersion}`.trim() || '--',
    domain: line.secondDomain || '--',
    cycle: buyCycleLabel(line.cycleNum, line.payMethod),
    amount: formatAmount(line.amount, salesChannel),
  }
}

/** The lines' sum in yuan, to the cent (what the lines add up to; the order's 应付金额 says what is due). */
export function linesTotal(lines: readonly OrderLineItem[]): number {
  return Math.round(lines.reduce((sum, line) => sum + Number(line.amount || 0) * 100, 0)) / 100
}
