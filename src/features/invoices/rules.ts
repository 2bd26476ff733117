// Invoice dialog rules (doc2 §3-§5 Invoice): which fields show, what a subject change resets, the
// paper confirmation, the payload. The field rules themselves are shared with the server
// (core/validation/billing.ts).
import {
  BILL_TYPE,
  emptyInvoiceForm,
  INVOICE_CONTENT,
  INVOICE_SUBJECT,
  isPaperBill,
  PAPER_INVOICE_THRESHOLD,
  type InvoiceForm,
} from '../../core/validation/billing'
import type { Region } from './api'

export const SUBJECT_LABELS: Record<number, string> = {
  [INVOICE_SUBJECT.personal]: '个人',
  [INVOICE_SUBJECT.enterprise]: '企业',
}

export const BILL_TYPE_LABELS: Record<number, string> = {
  [BILL_TYPE.electronic]: '电子普通发票',
  [BILL_TYPE.electronicSpecial]: '电子专用发票',
  [BILL_TYPE.paper]: '纸质普通发票',
  [BILL_TYPE.paperSpecial]: '纸质专用发票',
}

/** doc2 §9: courier paid by the recipient, electronic invoices free. */
export const PAPER_CONFIRM_TEXT = `纸质发票金额不足${PAPER_INVOICE_THRESHOLD}元，快递费用由收件人到付（电子发票免费），确定申请纸质发票吗？`

/** doc2 §4: changing the subject clears the form and resets the type to electronic. */
export function changeSubject(subject: number): InvoiceForm {
  return emptyInvoiceForm(subject)
}

/** The fields the rules can refuse, in the order the dialog draws them: 提交 shows the first refused. */
export const INVOICE_FIELD_ORDER = [
  'title',
  'code',
  'IdCard',
  'applicant',
  'applicantPhone',
  'enterpriseAddress',
  'enterpriseTel',
  'depositBank',
  'depositBankCard',
  'receiveMail',
  'receiveName',
  'receivePhone',
  'province',
  'city',
  'area',
  'address',
] as const satisfies readonly (keyof InvoiceForm)[]

/** What the dialog shows for a subject and bill type. */
export function invoiceFields(form: Pick<InvoiceForm, 'subject' | 'billType'>) {
  const enterprise = form.subject === INVOICE_SUBJECT.enterprise
  const paper = isPaperBill(form.billType)
  return {
    taxId: enterprise,
    idCard: !enterprise,
    companyDetails: enterprise && form.billType === BILL_TYPE.paperSpecial,
    mail: !paper,
    receiver: paper,
  }
}

/** The children of a region id in the tree (cities of a province, districts of a city). */
export function childrenOf(tree: readonly Region[], ...path: number[]): Region[] {
  let level: readonly Region[] = tree
  for (const id of path) level = level.find((r) => r.id === id)?.children ?? []
  return [...level]
}

/** doc2 §3: receiveAddress is the province name + city name + detailed address. */
export function receiveAddress(
  tree: readonly Region[],
  form: Pick<InvoiceForm, 'province' | 'city' | 'address'>,
) {
  const province = tree.find((r) => r.id === form.province)
  const city = province?.children?.find((r) => r.id === form.city)
  return `${province?.name ?? ''}${city?.name ?? ''}${form.address.trim()}`
}

/** The applyBill body (doc2 §3 Invoice application); the server recomputes amount and address. */
export function invoicePayload(
  order: { id: number; orderCode: string; payAmount: number },
  form: InvoiceForm,
  tree: readonly Region[],
) {
  const trimmed = Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as InvoiceForm
  const personal = form.subject === INVOICE_SUBJECT.personal
  return {
    ...trimmed,
    orderId: order.id,
    orderCode: order.orderCode,
    // doc2 §3: for a person the taxpayer id is the ID number.
    code: personal ? trimmed.IdCard : trimmed.code,
    content: INVOICE_CONTENT,
    amount: order.payAmount,
    receiveAddress: isPaperBill(form.billType) ? receiveAddress(tree, form) : '',
  }
}
