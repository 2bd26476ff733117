// Invoice and contract data on the wire (doc2 §3, §7 applyBill, getTreeAddress, esign applyContract /
// getContractUrl; saved titles, 合并开票 and the 发票 list). The forms' rules and messages are
// core/validation/billing.ts and invoices.ts.
import { OPERATE_TYPE } from './operate-log'

/** doc2 §3: subject 1 personal, 2 enterprise. */
export const INVOICE_SUBJECT = { personal: 1, enterprise: 2 } as const
/** doc2 §3: 1 electronic ordinary, 2 paper ordinary, 3 paper special, 4 electronic special. */
export const BILL_TYPE = { electronic: 1, paper: 2, paperSpecial: 3, electronicSpecial: 4 } as const
/** doc2 §3: a contract's applyType, 0 personal, 1 enterprise. */
export const APPLY_TYPE = { personal: 0, enterprise: 1 } as const
/** A person's documents: the e-sign service's credential codes (idType, orgLegalIdType). */
export const PERSON_ID_TYPE = {
  mainlandId: 'CRED_PSN_CH_IDCARD',
  taiwanPermit: 'CRED_PSN_CH_TWCARD',
  macaoPermit: 'CRED_PSN_CH_MACAO',
  hongKongPermit: 'CRED_PSN_CH_HONGKONG',
  passport: 'CRED_PSN_PASSPORT',
} as const
/** An organisation's code type (an enterprise contract's idType). */
export const ORG_ID_TYPE = { uscc: 'CRED_ORG_USCC', registration: 'CRED_ORG_REGCODE' } as const

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

/**
 * The invoice form (doc2 §3 Invoice application): applyBill's and applyMergedBill's fields. A type,
 * not an interface: the dialog's useForm takes it as a record.
 */
export type InvoiceForm = {
  /** INVOICE_SUBJECT. */
  subject: number
  /** BILL_TYPE. */
  billType: number
  title: string
  /** Taxpayer id; for a person the ID number (doc2 §3). */
  code: string
  applicant: string
  IdCard: string
  applicantPhone: string
  enterpriseAddress: string
  enterpriseTel: string
  depositBank: string
  depositBankCard: string
  receiveMail: string
  receiveName: string
  receivePhone: string
  /** Region ids from getTreeAddress; 0 = none chosen. */
  province: number
  city: number
  area: number
  /** The detailed address (the server prefixes the province and city names). */
  address: string
}

/** POST /api/pc/applyBill: one order's invoice. */
export interface InvoiceApplyRequest extends InvoiceForm {
  orderId: number
}

/** POST /api/pc/applyMergedBill: one invoice for several orders, named by their codes. */
export interface MergedInvoiceRequest extends InvoiceForm {
  orderCodes: string[]
}

/** POST /api/pc/updateInvoiceTitle. */
export interface InvoiceTitleUpdateRequest extends InvoiceTitleRequest {
  id: number
}

/** POST /api/pc/reissueInvoice: 换开 of an issued invoice. */
export interface ReissueRequest {
  id: number
  reason: string
}

/** The contract form (doc2 §3 Contract application); a type for useForm, as InvoiceForm. */
export type ContractForm = {
  /** APPLY_TYPE. */
  applyType: number
  /** 合同抬头. */
  name: string
  orgName: string
  /** Personal: the person's document; enterprise: the organisation's code type. */
  idType: string
  /** Personal: the document number. */
  idNumber: string
  /** Enterprise: the organisation's code. */
  facNumber: string
  orgLegalIdType: string
  orgLegalIdNumber: string
  orgLegalName: string
  mobile: string
  contacts: string
}

/** POST /api/esign/applyContract. */
export interface ContractApplyRequest extends ContractForm {
  orderId: number
}

/** applyContract's and getContractUrl's answer: the contract's PDFs. */
export interface ContractDocs {
  docs: { fileName: string; fileUrl: string }[]
}
