// Invoice and contract applications (doc2 §3, §5): the identity-number formats and both forms'
// rules with the spec's exact messages. The invoice and contract dialogs and the reference server
// (POST /api/pc/applyBill, /api/esign/applyContract) run the same functions.
import {
  APPLY_TYPE,
  BILL_TYPE,
  INVOICE_SUBJECT,
  ORG_ID_TYPE,
  PERSON_ID_TYPE,
  type ContractForm,
  type InvoiceForm,
} from '../contract/invoices'
import { BILL_STATUS, CHANNEL, ORDER_STATUS, SIGN_STATUS } from '../contract/orders'
import { collectErrors, isMailbox, isPhone, type FieldErrors } from './rules'

export const BILLING_MSG = {
  // Invoice (doc2 §5 "Invoice").
  subjectRequired: '请选择个人企业',
  taxIdRequired: '请输入纳税人识别号',
  titleRequired: '请输入发票抬头',
  applicantRequired: '请输入申请人名称',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  idCardRequired: '请输入身份证号',
  idCardInvalid: '身份证号格式有误',
  billTypeRequired: '请选择类型',
  enterpriseAddressRequired: '请输入企业地址',
  enterpriseTelRequired: '请输入企业电话',
  depositBankRequired: '请输入开户银行',
  bankCardInvalid: '请输入正确的开户银行卡号',
  mailInvalid: '请输入正确的邮箱',
  tooManyMailboxes: '最多填写5个接收邮箱',
  receiveNameRequired: '请输入收件人姓名',
  provinceRequired: '请选择省',
  cityRequired: '请选择市',
  areaRequired: '请选择区',
  addressRequired: '请输入详细地址',
  length100: '长度在 1 到 100 个字符',
  length200: '长度在 1 到 200 个字符',
  // Contract (doc2 §5 "Contract").
  contractTitleRequired: '请输入合同抬头',
  orgNameRequired: '请输入单位名称',
  idTypeRequired: '请选择证件类型',
  idNumberRequired: '请输入证件号码',
  legalIdTypeRequired: '请选择法定代表人证件类型',
  legalIdNumberRequired: '请输入法定代表人证件号',
  legalNameRequired: '请输入法定代表人姓名',
  contactsRequired: '请输入联系人',
  mobileRequired: '请输入手机号码',
  mobileInvalid: '手机号码格式有误',
  mainlandIdInvalid: '大陆身份证格式有误',
  taiwanPermitInvalid: '台湾来往大陆通行证格式有误',
  macaoPermitInvalid: '澳门来往大陆通行证格式有误',
  hongKongPermitInvalid: '香港来往大陆通行证格式有误',
  passportInvalid: '护照格式有误',
  usccInvalid: '统一社会信用代码格式有误',
  registrationInvalid: '工商注册号格式有误',
} as const

// ---------------------------------------------------------------- identity numbers

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECKS = '10X98765432'

/** The check character of the first 17 digits of a mainland ID number (GB 11643, ISO 7064 MOD 11-2). */
export function idCardCheckChar(first17: string): string {
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * ID_WEIGHTS[i], 0)
  return ID_CHECKS[sum % 11]
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Mainland resident ID: 18 characters with a valid birth date and check character, or the old 15 digits. */
export function isMainlandIdCard(value: string): boolean {
  const id = value.trim().toUpperCase()
  if (/^[1-9]\d{16}[\dX]$/.test(id)) {
    const [year, month, day] = [id.slice(6, 10), id.slice(10, 12), id.slice(12, 14)].map(Number)
    return year >= 1900 && isRealDate(year, month, day) && idCardCheckChar(id.slice(0, 17)) === id[17]
  }
  if (/^[1-9]\d{14}$/.test(id)) {
    const [year, month, day] = [id.slice(6, 8), id.slice(8, 10), id.slice(10, 12)].map(Number)
    return isRealDate(1900 + year, month, day)
  }
  return false
}

/** 台湾居民来往大陆通行证: 8 digits (current) or 10 characters (older cards). */
export const isTaiwanPermit = (value: string) => /^(\d{8}|[A-Z0-9]{10})$/i.test(value.trim())
/** 港澳居民来往内地通行证: H (Hong Kong) or M (Macao) and 8 digits (10 on older cards). */
export const isHongKongPermit = (value: string) => /^H\d{8}(\d{2})?$/i.test(value.trim())
export const isMacaoPermit = (value: string) => /^M\d{8}(\d{2})?$/i.test(value.trim())
/** doc2 §5: passport 5-17 letters or digits. */
export const isPassport = (value: string) => /^[A-Z0-9]{5,17}$/i.test(value.trim())

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]

/** The check character of the first 17 characters of a unified social credit code (GB 32100-2015). */
export function usccCheckChar(first17: string): string {
  const sum = [...first17].reduce((total, c, i) => total + USCC_CHARS.indexOf(c) * USCC_WEIGHTS[i], 0)
  return USCC_CHARS[(31 - (sum % 31)) % 31]
}

/** 统一社会信用代码: 18 characters of the code's alphabet, the last one its check character. */
export function isUscc(value: string): boolean {
  const code = value.trim().toUpperCase()
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false
  return usccCheckChar(code.slice(0, 17)) === code[17]
}

/** 工商注册号: the 15 digits used before the unified code (doc2 §5). */
export const isRegistrationNumber = (value: string) => /^\d{15}$/.test(value.trim())

/** 开户银行卡号: 5-30 digits (doc2 §5). */
export const isBankCard = (value: string) => /^\d{5,30}$/.test(value.trim())

// ---------------------------------------------------------------- invoice

/** doc2 §3, §9: the invoice content is fixed. */
export const INVOICE_CONTENT = '技术服务费'
/** doc2 §9: paper invoices under this amount (yuan) ask for confirmation (courier paid on delivery). */
export const PAPER_INVOICE_THRESHOLD = 200

/** Bill types each subject may choose: special invoices are for enterprises only. */
export function billTypesFor(subject: number): number[] {
  return subject === INVOICE_SUBJECT.enterprise
    ? [BILL_TYPE.electronic, BILL_TYPE.electronicSpecial, BILL_TYPE.paper, BILL_TYPE.paperSpecial]
    : [BILL_TYPE.electronic, BILL_TYPE.paper]
}

/** Types 1 and 4 go by e-mail; 2 and 3 by courier (doc2 §3). */
export const isElectronicBill = (billType: number) =>
  billType === BILL_TYPE.electronic || billType === BILL_TYPE.electronicSpecial
export const isPaperBill = (billType: number) =>
  billType === BILL_TYPE.paper || billType === BILL_TYPE.paperSpecial

export function emptyInvoiceForm(subject: number = INVOICE_SUBJECT.personal): InvoiceForm {
  return {
    subject,
    billType: BILL_TYPE.electronic,
    title: '',
    code: '',
    applicant: '',
    IdCard: '',
    applicantPhone: '',
    enterpriseAddress: '',
    enterpriseTel: '',
    depositBank: '',
    depositBankCard: '',
    receiveMail: '',
    receiveName: '',
    receivePhone: '',
    province: 0,
    city: 0,
    area: 0,
    address: '',
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function requiredWithin(value: unknown, max: number, required: string, tooLong: string) {
  const v = text(value)
  if (!v) return required
  return v.length > max ? tooLong : null
}

function phoneField(value: unknown) {
  const v = text(value)
  if (!v) return BILLING_MSG.phoneRequired
  return isPhone(v) ? null : BILLING_MSG.phoneInvalid
}

/** At most this many mailboxes receive one electronic invoice. */
export const MAX_MAILBOXES = 5

/** 接收邮箱 may name several mailboxes, separated by commas, semicolons or spaces; each once. */
export function mailboxesOf(value: unknown): string[] {
  const seen = new Set<string>()
  return text(value)
    .split(/[\s,;，；、]+/)
    .filter((mailbox) => {
      const key = mailbox.toLowerCase()
      if (!mailbox || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/** Every mailbox well formed, at least one, at most MAX_MAILBOXES. */
export function mailboxesError(mailboxes: readonly string[]): string | null {
  if (!mailboxes.length || !mailboxes.every(isMailbox)) return BILLING_MSG.mailInvalid
  return mailboxes.length > MAX_MAILBOXES ? BILLING_MSG.tooManyMailboxes : null
}

function idCardField(value: unknown) {
  const v = text(value)
  if (!v) return BILLING_MSG.idCardRequired
  return isMainlandIdCard(v) ? null : BILLING_MSG.idCardInvalid
}

/** Every rule of doc2 §5 "Invoice" for the fields the subject and bill type show. */
export function validateInvoice(form: InvoiceForm): FieldErrors<keyof InvoiceForm> {
  const personal = form.subject === INVOICE_SUBJECT.personal
  const enterprise = form.subject === INVOICE_SUBJECT.enterprise
  const typeKnown = billTypesFor(form.subject).includes(form.billType)
  const paper = typeKnown && isPaperBill(form.billType)
  const special = form.billType === BILL_TYPE.paperSpecial
  const l100 = BILLING_MSG.length100
  return collectErrors({
    subject: personal || enterprise ? null : BILLING_MSG.subjectRequired,
    billType: personal || enterprise ? (typeKnown ? null : BILLING_MSG.billTypeRequired) : null,
    title: requiredWithin(form.title, 100, BILLING_MSG.titleRequired, l100),
    code: enterprise ? requiredWithin(form.code, 100, BILLING_MSG.taxIdRequired, l100) : null,
    IdCard: personal ? idCardField(form.IdCard) : null,
    applicant: requiredWithin(form.applicant, 100, BILLING_MSG.applicantRequired, l100),
    applicantPhone: phoneField(form.applicantPhone),
    enterpriseAddress:
      enterprise && special
        ? requiredWithin(
            form.enterpriseAddress,
            200,
            BILLING_MSG.enterpriseAddressRequired,
            BILLING_MSG.length200,
          )
        : null,
    enterpriseTel:
      enterprise && special
        ? requiredWithin(form.enterpriseTel, 30, BILLING_MSG.enterpriseTelRequired, BILLING_MSG.length100)
        : null,
    depositBank:
      enterprise && special
        ? requiredWithin(form.depositBank, 100, BILLING_MSG.depositBankRequired, l100)
        : null,
    depositBankCard:
      enterprise && special && !isBankCard(text(form.depositBankCard)) ? BILLING_MSG.bankCardInvalid : null,
    receiveMail: typeKnown && !paper ? mailboxesError(mailboxesOf(form.receiveMail)) : null,
    receiveName: paper ? requiredWithin(form.receiveName, 100, BILLING_MSG.receiveNameRequired, l100) : null,
    receivePhone: paper ? phoneField(form.receivePhone) : null,
    province: paper && !form.province ? BILLING_MSG.provinceRequired : null,
    city: paper && form.province && !form.city ? BILLING_MSG.cityRequired : null,
    area: paper && form.city && !form.area ? BILLING_MSG.areaRequired : null,
    address: paper
      ? requiredWithin(form.address, 200, BILLING_MSG.addressRequired, BILLING_MSG.length200)
      : null,
  })
}

/** doc2 §4, §9: a paper invoice under 200 yuan is confirmed before it is sent. */
export function needsPaperConfirmation(billType: number, amount: number): boolean {
  return isPaperBill(billType) && amount < PAPER_INVOICE_THRESHOLD
}

// ---------------------------------------------------------------- contract

export interface IdTypeDef {
  code: string
  name: string
  valid(value: string): boolean
  invalid: string
}

/** A person's documents (PERSON_ID_TYPE), each with its doc2 §5 message. */
export const PERSON_ID_TYPES: readonly IdTypeDef[] = [
  {
    code: PERSON_ID_TYPE.mainlandId,
    name: '大陆身份证',
    valid: isMainlandIdCard,
    invalid: BILLING_MSG.mainlandIdInvalid,
  },
  {
    code: PERSON_ID_TYPE.taiwanPermit,
    name: '台湾来往大陆通行证',
    valid: isTaiwanPermit,
    invalid: BILLING_MSG.taiwanPermitInvalid,
  },
  {
    code: PERSON_ID_TYPE.macaoPermit,
    name: '澳门来往大陆通行证',
    valid: isMacaoPermit,
    invalid: BILLING_MSG.macaoPermitInvalid,
  },
  {
    code: PERSON_ID_TYPE.hongKongPermit,
    name: '香港来往大陆通行证',
    valid: isHongKongPermit,
    invalid: BILLING_MSG.hongKongPermitInvalid,
  },
  { code: PERSON_ID_TYPE.passport, name: '护照', valid: isPassport, invalid: BILLING_MSG.passportInvalid },
]

/** An organisation's code: the unified social credit code or the older 15-digit registration number. */
export const ORG_ID_TYPES: readonly IdTypeDef[] = [
  { code: ORG_ID_TYPE.uscc, name: '统一社会信用代码', valid: isUscc, invalid: BILLING_MSG.usccInvalid },
  {
    code: ORG_ID_TYPE.registration,
    name: '工商注册号',
    valid: isRegistrationNumber,
    invalid: BILLING_MSG.registrationInvalid,
  },
]

export const idTypeName = (types: readonly IdTypeDef[], code: string) =>
  types.find((t) => t.code === code)?.name ?? ''

export function emptyContractForm(applyType: number = APPLY_TYPE.personal): ContractForm {
  const enterprise = applyType === APPLY_TYPE.enterprise
  return {
    applyType,
    name: '',
    orgName: '',
    idType: enterprise ? ORG_ID_TYPES[0].code : PERSON_ID_TYPES[0].code,
    idNumber: '',
    facNumber: '',
    orgLegalIdType: PERSON_ID_TYPES[0].code,
    orgLegalIdNumber: '',
    orgLegalName: '',
    mobile: '',
    contacts: '',
  }
}

function documentField(types: readonly IdTypeDef[], type: string, value: unknown, required: string) {
  const v = text(value)
  if (!v) return required
  const def = types.find((t) => t.code === type)
  if (!def) return null // the type field reports it
  return def.valid(v) ? null : def.invalid
}

/** Every rule of doc2 §5 "Contract" for the fields the apply type shows. */
export function validateContract(form: ContractForm): FieldErrors<keyof ContractForm> {
  const enterprise = form.applyType === APPLY_TYPE.enterprise
  const idTypes = enterprise ? ORG_ID_TYPES : PERSON_ID_TYPES
  const mobile = text(form.mobile)
  const typeKnown = idTypes.some((t) => t.code === form.idType)
  return collectErrors({
    applyType: form.applyType === APPLY_TYPE.personal || enterprise ? null : BILLING_MSG.idTypeRequired,
    name: requiredWithin(form.name, 100, BILLING_MSG.contractTitleRequired, BILLING_MSG.length100),
    orgName: enterprise
      ? requiredWithin(form.orgName, 100, BILLING_MSG.orgNameRequired, BILLING_MSG.length100)
      : null,
    idType: typeKnown ? null : BILLING_MSG.idTypeRequired,
    idNumber: enterprise
      ? null
      : documentField(PERSON_ID_TYPES, form.idType, form.idNumber, BILLING_MSG.idNumberRequired),
    facNumber: enterprise
      ? documentField(ORG_ID_TYPES, form.idType, form.facNumber, BILLING_MSG.idNumberRequired)
      : null,
    orgLegalIdType:
      enterprise && !PERSON_ID_TYPES.some((t) => t.code === form.orgLegalIdType)
        ? BILLING_MSG.legalIdTypeRequired
        : null,
    orgLegalIdNumber: enterprise
      ? documentField(
          PERSON_ID_TYPES,
          form.orgLegalIdType,
          form.orgLegalIdNumber,
          BILLING_MSG.legalIdNumberRequired,
        )
      : null,
    orgLegalName: enterprise
      ? requiredWithin(form.orgLegalName, 64, BILLING_MSG.legalNameRequired, BILLING_MSG.length100)
      : null,
    // Both apply types name a contact (doc2 §5 Contract: "contact required").
    contacts: requiredWithin(form.contacts, 64, BILLING_MSG.contactsRequired, BILLING_MSG.length100),
    mobile: !mobile ? BILLING_MSG.mobileRequired : isPhone(mobile) ? null : BILLING_MSG.mobileInvalid,
  })
}

// ---------------------------------------------------------------- which orders may apply

/** The order fields that decide what may be applied for (doc2 §3 "Order"). */
export interface OrderStanding {
  status: number
  salesChannel: number
  productType: number
  billStatus: number
  signStatus: number
}

/** doc2 §4: billStatus 1 can apply (paid, channel 32 only); 5 was rejected and may apply again. */
export function canApplyInvoice(order: OrderStanding): boolean {
  if (order.status !== ORDER_STATUS.paid || order.salesChannel !== CHANNEL.direct) return false
  return order.billStatus === BILL_STATUS.open || order.billStatus === BILL_STATUS.rejected
}

/** doc2 §4: contracts for paid orders of product types 1 and 2 with signStatus 0, 3 or 4. */
export function canApplyContract(order: OrderStanding): boolean {
  return (
    order.status === ORDER_STATUS.paid &&
    order.salesChannel !== CHANNEL.market &&
    [1, 2].includes(order.productType) &&
    [SIGN_STATUS.none, SIGN_STATUS.refused, SIGN_STATUS.expired].includes(order.signStatus as 0)
  )
}

/** doc2 §4: only an unpaid order can be voided. */
export const canVoidOrder = (order: Pick<OrderStanding, 'status'>) => order.status === ORDER_STATUS.unpaid
