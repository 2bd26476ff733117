// Invoice data on the wire (doc2 §7 getTreeAddress; saved titles, 合并开票 and the 发票 list).
import { OPERATE_TYPE } from './operate-log'

/** A node of the province / city / district tree; ids are GB/T 2260 division codes. */
export interface Region {
  id: number
  name: string
  children?: Region[]
}

/** Where an application stands: 申请中, 已开票, 换开中 (a re-issue asked for), 已驳回. */
export const INVOICE_STATE = { applied: 1, issued: 2, reissuing: 3, rejected: 4 } as const

/** The operation log's type of invoice entries (saved titles, applications, 换开). */
export const INVOICE_LOG_TYPE = OPERATE_TYPE.invoices

/** A saved 发票抬头 (GET /api/pc/getInvoiceTitles). */
export interface InvoiceTitle {
  id: number
  /** 1 personal, 2 enterprise (INVOICE_SUBJECT). */
  subject: number
  title: string
  /** The enterprise's taxpayer id, or the person's ID number. */
  code: string
  enterpriseAddress: string
  enterpriseTel: string
  depositBank: string
  depositBankCard: string
  /** Every mailbox the electronic invoice goes to. */
  mailboxes: string[]
  updateTime: string
}

/** POST /api/pc/addInvoiceTitle and updateInvoiceTitle (with the id). */
export interface InvoiceTitleRequest {
  subject: number
  title: string
  code: string
  enterpriseAddress: string
  enterpriseTel: string
  depositBank: string
  depositBankCard: string
  mailboxes: string[]
}

/** An order an application covers. */
export interface InvoiceOrderRef {
  id: number
  orderCode: string
  payAmount: number
}

/** A past application (GET /api/pc/getInvoiceList), newest first. */
export interface InvoiceApplication {
  id: number
  /** INVOICE_STATE. */
  state: number
  subject: number
  billType: number
  title: string
  code: string
  /** The sum of its orders' amounts. */
  amount: number
  orders: InvoiceOrderRef[]
  /** Comma separated; '' for a paper invoice. */
  receiveMail: string
  createTime: string
  issueTime: string | null
  /** The latest 换开 reason; '' when none was asked. */
  reissueReason: string
  /** Whether the PDF can be downloaded (GET /api/pc/downloadInvoice?id=). */
  downloadable: boolean
}
