// The payment page's rules (doc2 §2 Payment page / Payment success / Payment failure, §3 Payment
// line, §8 order-info codes, §9 timings). Pure: the hooks and components only apply them.
import {
  CHECKOUT_MESSAGES,
  ORDER_MISSING_CODE,
  ORDER_NOT_READY_CODE,
  ORDER_STATE_MESSAGES,
  type PaymentLine,
} from '../../core/contract/checkout'
import { ORDER_STATUS } from '../../core/contract/orders'
import type { PaymentProvider } from '../../core/contract/payments'
import { withQuery, type Query } from '../../core/routing/url'

/** doc2 §9: order info retried after 1 s, payment status polled every 2 s, expiry toast 3 s. */
export const ORDER_INFO_RETRY_MS = 1000
export const STATUS_POLL_MS = 2000
export const EXPIRED_NOTICE_MS = 3000
/** doc2 §8: "order does not exist" is shown for 3 s before going back. */
export const MISSING_ORDER_MS = 3000
/** doc2 §9: the result pages return on their own after 5 s. */
export const RESULT_REDIRECT_SECONDS = 5

/** doc2 §8 getOrderInfo codes. */
export { ORDER_MISSING_CODE, ORDER_NOT_READY_CODE }

export const PAY_MESSAGES = {
  badParams: CHECKOUT_MESSAGES.badParams,
  ...ORDER_STATE_MESSAGES,
  failed: '支付失败',
} as const

/** doc2 §2: payment type 1 online, 2 offline. */
export const PAY_TYPE = { online: 1, offline: 2 } as const
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE]

/** doc2 §2's provider 1 Alipay-type and 2 WeChat-type, in the order offered. */
export const PROVIDER_OPTIONS: readonly { id: PaymentProvider; label: string }[] = [
  { id: 'alipay', label: '支付宝' },
  { id: 'wxpay', label: '微信支付' },
]

/** WeChat's browser blocks Alipay's page: where to pay instead (the page never redirects there). */
export const OPEN_IN_BROWSER_TEXT =
  '微信内无法使用支付宝付款，请点击右上角「···」选择「在浏览器打开」，在浏览器中完成支付；或选择微信支付。'

/**
 * 应付金额 beside the original amount (doc2 §3 order totalAmount, originalAmount): the original is
 * shown only where it differs from what is paid (a discount); missing or unreadable, it is not shown.
 */
export function originalAmountShown(info: {
  totalAmount: string | number
  originalAmount?: string | number | null
}) {
  const original = Number(info.originalAmount)
  if (info.originalAmount === null || info.originalAmount === undefined || info.originalAmount === '')
    return null
  if (!Number.isFinite(original) || Math.abs(original - Number(info.totalAmount)) < 0.005) return null
  return original
}

/** doc2 §2 "Offline payment text". */
export const OFFLINE_GUIDANCE: readonly string[] = [
  '银行转账到账时间：同行转账1-2天，跨行转账2-5天。',
  '请避免在北京时间21:00-00:00之间汇款。',
  '汇款时请在备注中填写订单号。',
]

export { ORDER_STATUS }
export type { PaymentLine }

/** The source query: a JSON list of payment lines; anything else is no lines (never a crash). */
export function parseSource(text: string | undefined): PaymentLine[] {
  if (!text) return []
  try {
    const value = JSON.parse(text) as unknown
    return Array.isArray(value)
      ? value.filter((line): line is PaymentLine => !!line && typeof line === 'object')
      : []
  } catch {
    return []
  }
}

/** What to do with a getOrderInfo answer (doc2 §8). */
export type OrderInfoStep<T> =
  | { kind: 'ready'; info: T }
  | { kind: 'retry'; afterMs: number }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }

export function orderInfoStep<T>(
  answer: { ok: true; info: T } | { ok: false; code: number; message: string },
): OrderInfoStep<T> {
  if (answer.ok) return { kind: 'ready', info: answer.info }
  if (answer.code === ORDER_NOT_READY_CODE) return { kind: 'retry', afterMs: ORDER_INFO_RETRY_MS }
  if (answer.code === ORDER_MISSING_CODE) return { kind: 'missing' }
  return { kind: 'error', message: answer.message }
}

/** doc2 §2: the pay button is enabled only once the amount is loaded, for an unpaid order paid online. */
export function canPay(state: { amount: string | number | null; status: number | null; payType: PayType }) {
  return state.amount !== null && state.status === ORDER_STATUS.unpaid && state.payType === PAY_TYPE.online
}

/** getOrderTimeOut's h, m, s as seconds (negative or missing parts count as zero). */
export function secondsFromTimeout(
  timeout: { h?: number; m?: number; s?: number } | null | undefined,
): number {
  if (!timeout) return 0
  const part = (n: number | undefined) =>
    Number.isFinite(n) && (n as number) > 0 ? Math.floor(n as number) : 0
  return part(timeout.h) * 3600 + part(timeout.m) * 60 + part(timeout.s)
}

/** A countdown as HH:MM:SS. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`
}

/** The QR dialog's next step after a status poll: paid wins; at zero the order has expired. */
export type PayWatch = 'paid' | 'expired' | 'wait'

export function payWatch(paid: boolean, secondsLeft: number): PayWatch {
  if (paid) return 'paid'
  return secondsLeft <= 0 ? 'expired' : 'wait'
}

/** doc2 §2 "Result": '1' failed, '2' success (on /failure; /payforsuccess is always success). */
export type PayResult = 'failed' | 'success'

export function resultOf(query: { result?: string }): PayResult {
  return query.result === '2' ? 'success' : 'failed'
}

/** Where the result pages lead (doc2 §2): product management with the opening progress, re-pay, the order list. */
export const resultLinks = (orderCode: string | undefined, query: Query = {}) => ({
  home: withQuery('/index', orderCode ? { orderCode } : {}),
  retry: withQuery('/orderByPlay', query),
  orderList: '/orderlist',
})
