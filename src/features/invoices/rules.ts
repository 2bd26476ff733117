// Invoice dialog rules (doc2 §3-§5 Invoice): which fields show, what a subject change resets, the
// paper confirmation, the payload. The field rules themselves are shared with the server
// (core/validation/billing.ts).
import {
  BILL_TYPE,
  INVOICE_STATE,
  INVOICE_SUBJECT,
  type InvoiceApplication,
  type InvoiceApplyRequest,
  type InvoiceForm,
  type InvoiceTitle,
  type InvoiceTitleRequest,
} from '../../core/contract/invoices'
import type { Order } from '../../core/contract/orders'
import {
  billTypesFor,
  emptyInvoiceForm,
  INVOICE_CONTENT,
  isPaperBill,
  PAPER_INVOICE_THRESHOLD,
  mailboxesOf,
} from '../../core/validation/billing'
import { invoiceRefusal, sumOfAmounts, titleFill } from '../../core/validation/invoices'
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

/** The applyBill body as doc2 §3 lists it: the request and what the server recomputes anyway. */
export type InvoicePayload = InvoiceApplyRequest & {
  orderCode: string
  content: string
  amount: number
  receiveAddress: string
}

/** The applyBill body (doc2 §3 Invoice application); the server recomputes amount and address. */
export function invoicePayload(
  order: { id: number; orderCode: string; payAmount: number },
  form: InvoiceForm,
  tree: readonly Region[],
): InvoicePayload {
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

// ---------------------------------------------------------------- saved titles, 合并开票, the list

/** The title form: the mailboxes typed in one field, separated by commas. */
export type TitleForm = Omit<InvoiceTitleRequest, 'mailboxes'> & { mailboxes: string }

export function titleForm(title?: InvoiceTitle): TitleForm {
  if (!title) {
    return {
      subject: INVOICE_SUBJECT.enterprise,
      title: '',
      code: '',
      enterpriseAddress: '',
      enterpriseTel: '',
      depositBank: '',
      depositBankCard: '',
      mailboxes: '',
    }
  }
  const { id: _id, updateTime: _time, mailboxes, ...fields } = title
  return { ...fields, mailboxes: mailboxes.join(', ') }
}

export const titleRequest = (form: TitleForm): InvoiceTitleRequest => ({
  ...form,
  mailboxes: mailboxesOf(form.mailboxes),
})

/** A chosen title fills the invoice form; the bill type stays when the title's subject allows it. */
export function applyTitle(form: InvoiceForm, title: InvoiceTitle): InvoiceForm {
  const billType = billTypesFor(title.subject).includes(form.billType) ? form.billType : BILL_TYPE.electronic
  return { ...form, ...titleFill(title), billType }
}

/** What a title row says under its name: the tax id or ID number, and where the invoice goes. */
export const titleSummary = (title: InvoiceTitle) =>
  `${SUBJECT_LABELS[title.subject] ?? ''} · ${title.code} · ${title.mailboxes.join('、')}`

export const INVOICE_STATE_LABELS: Record<number, string> = {
  [INVOICE_STATE.applied]: '申请中',
  [INVOICE_STATE.issued]: '已开票',
  [INVOICE_STATE.reissuing]: '换开中',
  [INVOICE_STATE.rejected]: '已驳回',
}

export const invoiceStateLabel = (state: number) => INVOICE_STATE_LABELS[state] ?? '--'

/** An application's actions: the PDF once issued; 换开 of an issued invoice. */
export function applicationActions(application: Pick<InvoiceApplication, 'state' | 'downloadable'>) {
  const issued = application.state === INVOICE_STATE.issued
  return { download: issued && application.downloadable, reissue: issued }
}

export const INVOICE_LIST_EMPTY = '暂无发票申请'
export const TITLES_EMPTY = '暂无常用发票抬头'

/** The orders 合并开票 may offer: paid, open to invoicing (the server checks again). */
export const mergeableOrders = (orders: readonly Order[]) =>
  orders.filter((order) => invoiceRefusal({ ...order, billedElsewhere: false }) === null)

/** The merged amount shown in the dialog (the server sums the same). */
export const mergedAmount = (orders: readonly { payAmount: number }[]) =>
  Number(sumOfAmounts(orders.map((order) => order.payAmount)))
