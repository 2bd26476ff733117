// Work-order validation (doc2 §5 "Work order", §9 attachments and service items) with the spec's
// exact messages. The submit form, the detail's dialogs and the reference server run the same
// functions, so a rule the form shows is the rule the server enforces.
import {
  ALLOWED_EXTENSIONS,
  FILE_FIELDS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_FIELD,
  NUMBER_SEARCH_MAX,
  SERVICE_PROJECTS,
  TEXT_MAX,
  type FieldCode,
  type ServiceProjectItem,
  type ServiceProjectRequest,
  type TemplateField,
} from '../contract/work-orders'
import { isMailbox, isPhone, type FieldErrors } from './rules'

export const WORK_ORDER_MSG = {
  templateRequired: '请选择问题细类',
  orderRequired: '请选择要咨询的订单',
  contactRequired: '请输入联系方式',
  contactInvalid: '请输入正确的联系方式',
  descriptionRequired: '请输入问题描述',
  drawbackReasonRequired: '请输入退款原因',
  collaborationRequired: '请输入合作意向',
  corporateNameRequired: '请输入公司名称',
  cityRequired: '请输入所在城市',
  callRequired: '请输入姓名',
  fieldRequired: '请输入',
  selectRequired: '请选择',
  emailInvalid: '请输入正确的邮箱',
  fileRequired: '请上传文件',
  licenseRequired: '请上传营业执照扫描件',
  identityRequired: '请上传联系人身份证扫描件',
  serviceProjectRequired: '服务项目请填写至少一项',
  tooLong: `最多输入${TEXT_MAX}个字符`,
  replyRequired: '请先填写完整留言！',
  continueRequired: '请输入',
  closeReasonRequired: '请选择关闭工单的原因',
  reopenReasonRequired: '请选择重开服务的原因',
  reopenDescriptionRequired: '请输入问题描述',
  fileTooLarge: '上传文件大小不能超过5MB!',
  tooManyFiles: `当前限制最多上传 ${MAX_FILES_PER_FIELD} 个文件`,
  fileTypeUnsupported: '文件格式不支持',
  uploadFailed: '上传失败，请重新上传！',
  waitFinish: '您有尚未完结的代维管家工单，请先前往该工单确认完结。',
  domainMismatch: '所选代维订单不属于该网站域名，请重新选择代维订单',
  dateRangeIncomplete: '请选择开始日期和结束日期',
  dateRangeReversed: '开始日期不能晚于结束日期',
  submitted: '提交成功',
  closed: '当前工单已关闭！',
} as const

/** A bound phone as the console shows it (138****0001): the form may send it back unchanged. */
export const MASKED_PHONE_PATTERN = /^1\d{2}\*{4}\d{4}$/

/** The required message of each data field; fields without their own say 请输入. */
const REQUIRED_MSG: Partial<Record<FieldCode, string>> = {
  orderCode: WORK_ORDER_MSG.orderRequired,
  newOrderCode: WORK_ORDER_MSG.orderRequired,
  dwServiceOrder: WORK_ORDER_MSG.orderRequired,
  telPhone: WORK_ORDER_MSG.contactRequired,
  description: WORK_ORDER_MSG.descriptionRequired,
  drawbackReason: WORK_ORDER_MSG.drawbackReasonRequired,
  collaborationMessage: WORK_ORDER_MSG.collaborationRequired,
  corporateName: WORK_ORDER_MSG.corporateNameRequired,
  city: WORK_ORDER_MSG.cityRequired,
  call: WORK_ORDER_MSG.callRequired,
  websiteDomain: WORK_ORDER_MSG.selectRequired,
  file: WORK_ORDER_MSG.fileRequired,
  businessLicense: WORK_ORDER_MSG.licenseRequired,
  identityDocument: WORK_ORDER_MSG.identityRequired,
}

export function isFileField(code: FieldCode): boolean {
  return code in FILE_FIELDS
}

/** One text field of the dynamic form: trimmed value, required, then its shape. */
export function dataFieldError(field: TemplateField, raw: string): string | null {
  const value = raw.trim()
  if (!value) return field.required ? (REQUIRED_MSG[field.fieldCode] ?? WORK_ORDER_MSG.fieldRequired) : null
  if (field.fieldCode === 'telPhone') {
    if (MASKED_PHONE_PATTERN.test(value)) return null
    return isPhone(value) ? null : WORK_ORDER_MSG.contactInvalid
  }
  if (field.fieldCode === 'contactEmail') return isMailbox(value) ? null : WORK_ORDER_MSG.emailInvalid
  // doc2 §5 names description, refund reason, collaboration and main business: every text field keeps it.
  return value.length > TEXT_MAX ? WORK_ORDER_MSG.tooLong : null
}

/** An upload field: required files, and at most five. */
export function fileFieldError(field: TemplateField, count: number): string | null {
  if (count > MAX_FILES_PER_FIELD) return WORK_ORDER_MSG.tooManyFiles
  if (count === 0 && field.required) return REQUIRED_MSG[field.fieldCode] ?? WORK_ORDER_MSG.fileRequired
  return null
}

export interface WorkOrderFormInput {
  templateId: number | null
  /** Text values by field code. */
  values: Partial<Record<FieldCode, string>>
  /** How many files each upload field holds. */
  fileCounts: Partial<Record<FieldCode, number>>
  /** Maintenance orders: what each item asks for. */
  serviceProject?: ServiceProjectRequest[]
}

/** The whole step-2 form against its template; keys are field codes plus templateId and serviceProject. */
export function validateWorkOrderForm(
  fields: readonly TemplateField[],
  input: WorkOrderFormInput,
): FieldErrors<FieldCode> {
  const errors: FieldErrors<FieldCode> = {}
  if (input.templateId == null) errors.templateId = WORK_ORDER_MSG.templateRequired
  for (const field of fields) {
    const error = isFileField(field.fieldCode)
      ? fileFieldError(field, input.fileCounts[field.fieldCode] ?? 0)
      : field.fieldCode === 'serviceProject'
        ? null
        : dataFieldError(field, input.values[field.fieldCode] ?? '')
    if (error) errors[field.fieldCode] = error
  }
  if (input.serviceProject && !hasServiceRequest(input.serviceProject))
    errors.serviceProject = WORK_ORDER_MSG.serviceProjectRequired
  return errors
}

// ---------------------------------------------------------------- messages and dialogs

/** A reply (saveRecords): content or at least one attachment; at most 500 characters. */
export function replyError(content: string, fileCount: number): string | null {
  const text = content.trim()
  if (!text && fileCount === 0) return WORK_ORDER_MSG.replyRequired
  if (text.length > TEXT_MAX) return WORK_ORDER_MSG.tooLong
  return fileCount > MAX_FILES_PER_FIELD ? WORK_ORDER_MSG.tooManyFiles : null
}

/** 继续 at status 1: a message is required. */
export function continueError(content: string): string | null {
  const text = content.trim()
  if (!text) return WORK_ORDER_MSG.continueRequired
  return text.length > TEXT_MAX ? WORK_ORDER_MSG.tooLong : null
}

export function closeReasonError(reason: string, reasons: readonly string[]): string | null {
  return reasons.includes(reason) ? null : WORK_ORDER_MSG.closeReasonRequired
}

export function reopenErrors(
  reason: string,
  description: string,
  reasons: readonly string[],
): FieldErrors<'reason' | 'description'> {
  const errors: FieldErrors<'reason' | 'description'> = {}
  if (!reasons.includes(reason)) errors.reason = WORK_ORDER_MSG.reopenReasonRequired
  const text = description.trim()
  if (!text) errors.description = WORK_ORDER_MSG.reopenDescriptionRequired
  else if (text.length > TEXT_MAX) errors.description = WORK_ORDER_MSG.tooLong
  return errors
}

// ---------------------------------------------------------------- files

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png']
/** Files shown as pictures (previewed); every other file opens as a document. */
export const isImageFile = (name: string) => IMAGE_EXTENSIONS.includes(fileExtension(name))

/** The client's check before an upload (the server checks the bytes again). */
export function uploadError(file: { name: string; size: number }, alreadyInField: number): string | null {
  if (alreadyInField >= MAX_FILES_PER_FIELD) return WORK_ORDER_MSG.tooManyFiles
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return WORK_ORDER_MSG.fileTypeUnsupported
  return file.size > MAX_FILE_BYTES ? WORK_ORDER_MSG.fileTooLarge : null
}

// ---------------------------------------------------------------- service items

/** doc2 §5: an input item takes a whole number from 0 to what remains; anything else clears it. */
export function serviceInputValue(raw: string, remaining: number): string {
  const text = raw.trim()
  if (!/^\d+$/.test(text)) return ''
  const value = Number(text)
  return value <= Math.max(0, remaining) ? String(value) : ''
}

/** At least one item asked for: a count above zero or a switch turned on. */
export function hasServiceRequest(items: readonly ServiceProjectRequest[]): boolean {
  return items.some((item) => item.inputNum > 0)
}

/** The server's check of a request against what the order still allows; null when it fits. */
export function serviceRequestError(
  requested: readonly ServiceProjectRequest[],
  available: readonly Pick<ServiceProjectItem, 'code' | 'resisueNum' | 'isInputBox'>[],
): string | null {
  if (!hasServiceRequest(requested)) return WORK_ORDER_MSG.serviceProjectRequired
  for (const item of requested) {
    const known = available.find((a) => a.code === item.code)
    const max = known ? (known.isInputBox ? known.resisueNum : Math.min(1, known.resisueNum)) : -1
    if (!Number.isInteger(item.inputNum) || item.inputNum < 0 || item.inputNum > max)
      return WORK_ORDER_MSG.serviceProjectRequired
  }
  return null
}

/** Every item of the catalogue, in the spec's order, as an empty request. */
export function emptyServiceRequest(): ServiceProjectRequest[] {
  return SERVICE_PROJECTS.map((p) => ({ code: p.code, inputNum: 0 }))
}

// ---------------------------------------------------------------- list filters

/** The number filter keeps digits only, at most eight (doc2 §2). */
export function numberQuery(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, NUMBER_SEARCH_MAX)
}

/**
 * The date range filter: on phones both dates are needed (doc2 §2); everywhere the start may not
 * be after the end. Dates are YYYY-MM-DD.
 */
export function dateRangeError(start: string, end: string, requireBoth: boolean): string | null {
  if (!start && !end) return null
  if (!start || !end) return requireBoth ? WORK_ORDER_MSG.dateRangeIncomplete : null
  return start > end ? WORK_ORDER_MSG.dateRangeReversed : null
}
