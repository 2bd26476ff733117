// Saved invoice titles (发票抬头), 合并开票 and 换开: the rules the title form, the merged
// application and the re-issue dialog share with the reference server. The title's fields follow
// doc2 §5 "Invoice" with its exact messages (core/validation/billing.ts).
import { INVOICE_SUBJECT, type InvoiceForm, type InvoiceTitleRequest } from '../contract/invoices'
import { BILL_STATUS, CHANNEL, ORDER_STATUS } from '../contract/orders'
import { BILLING_MSG, isBankCard, isMainlandIdCard, mailboxesError } from './billing'
import { collectErrors, type FieldErrors } from './rules'

/** How many titles an account may keep. */
export const MAX_INVOICE_TITLES = 20
/** How many orders one application may cover. */
export const MAX_MERGED_ORDERS = 50
export const REISSUE_REASON_MAX = 200

export const INVOICE_MSG = {
  tooManyTitles: `最多保存${MAX_INVOICE_TITLES}个发票抬头`,
  titleMissing: '发票抬头不存在',
  ordersRequired: '请选择要开票的订单',
  /** Another account's order, or none: its code is not echoed back. */
  orderMissing: '订单不存在或无权访问',
  tooManyOrders: `一次最多合并${MAX_MERGED_ORDERS}个订单开票`,
  applicationMissing: '发票申请不存在',
  reasonRequired: '请填写换开原因',
  reasonTooLong: `换开原因不能超过${REISSUE_REASON_MAX}个字`,
  reissueClosed: '只有已开票的发票可以换开',
  notIssued: '发票尚未开具',
} as const

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function within(value: unknown, max: number, required: string | null, tooLong: string) {
  const v = text(value)
  if (!v) return required
  return v.length > max ? tooLong : null
}

/**
 * A title's own rules: the subject, the title and its id (taxpayer id, or a valid ID number for a
 * person), every mailbox. An enterprise's address, telephone and bank are optional here (only a
 * special paper invoice needs them, and applying checks them then) but bounded when given.
 */
export function validateInvoiceTitle(title: InvoiceTitleRequest): FieldErrors<keyof InvoiceTitleRequest> {
  const personal = title.subject === INVOICE_SUBJECT.personal
  const enterprise = title.subject === INVOICE_SUBJECT.enterprise
  const code = text(title.code)
  const l100 = BILLING_MSG.length100
  return collectErrors({
    subject: personal || enterprise ? null : BILLING_MSG.subjectRequired,
    title: within(title.title, 100, BILLING_MSG.titleRequired, l100),
    code: personal
      ? !code
        ? BILLING_MSG.idCardRequired
        : isMainlandIdCard(code)
          ? null
          : BILLING_MSG.idCardInvalid
      : within(code, 100, BILLING_MSG.taxIdRequired, l100),
    enterpriseAddress: enterprise ? within(title.enterpriseAddress, 200, null, BILLING_MSG.length200) : null,
    enterpriseTel: enterprise ? within(title.enterpriseTel, 30, null, BILLING_MSG.length100) : null,
    depositBank: enterprise ? within(title.depositBank, 100, null, l100) : null,
    depositBankCard:
      enterprise && text(title.depositBankCard) && !isBankCard(text(title.depositBankCard))
        ? BILLING_MSG.bankCardInvalid
        : null,
    mailboxes: mailboxesError(title.mailboxes.map(text)),
  })
}

/** The fields a chosen title fills in the invoice form (the rest stays as typed). */
export function titleFill(title: InvoiceTitleRequest): Partial<InvoiceForm> {
  const personal = title.subject === INVOICE_SUBJECT.personal
  return {
    subject: title.subject,
    title: title.title,
    code: personal ? '' : title.code,
    IdCard: personal ? title.code : '',
    enterpriseAddress: personal ? '' : title.enterpriseAddress,
    enterpriseTel: personal ? '' : title.enterpriseTel,
    depositBank: personal ? '' : title.depositBank,
    depositBankCard: personal ? '' : title.depositBankCard,
    receiveMail: title.mailboxes.join(', '),
  }
}

/** The order fields that decide whether it may join an application. */
export interface InvoiceCandidate {
  orderCode: string
  status: number
  salesChannel: number
  billStatus: number
  /** Its invoices belong to the account that paid (a transferred product's order). */
  billedElsewhere: boolean
}

/** Why an order cannot be invoiced, naming it; null when it can (doc2 §4 billStatus 1 or 5). */
export function invoiceRefusal(order: InvoiceCandidate): string | null {
  const name = `订单${order.orderCode}`
  if (order.status === ORDER_STATUS.refunded) return `${name}已退款，不能开票`
  if (order.status !== ORDER_STATUS.paid) return `${name}未支付，不能开票`
  if (order.billedElsewhere || order.salesChannel !== CHANNEL.direct) return `${name}不能在此申请发票`
  if (order.billStatus === BILL_STATUS.open || order.billStatus === BILL_STATUS.rejected) return null
  return order.billStatus === BILL_STATUS.issued ? `${name}已开票` : `${name}已申请发票`
}

/** The order codes of a merged application: each once, at least one, at most MAX_MERGED_ORDERS. */
export function mergedOrderCodes(codes: readonly string[]): { codes: string[]; error: string | null } {
  const unique = [...new Set(codes.map(text).filter(Boolean))]
  if (!unique.length) return { codes: unique, error: INVOICE_MSG.ordersRequired }
  return { codes: unique, error: unique.length > MAX_MERGED_ORDERS ? INVOICE_MSG.tooManyOrders : null }
}

/** 换开: a reason is required and bounded. */
export function reissueReasonError(reason: unknown): string | null {
  return within(reason, REISSUE_REASON_MAX, INVOICE_MSG.reasonRequired, INVOICE_MSG.reasonTooLong)
}

/** The sum of amounts in yuan, added in cents so that 0.1 + 0.2 is 0.30. */
export function sumOfAmounts(amounts: readonly (string | number)[]): string {
  const cents = amounts.reduce<number>((total, amount) => total + Math.round(Number(amount) * 100), 0)
  return (cents / 100).toFixed(2)
}
