// Work orders on the wire (doc2 §3 "Work order", §4 work-order states, §7 "Work orders", §9): the
// shapes, code tables and the state table the console and the reference server share. Times are
// ISO 8601 (shown as UTC+8); file URLs are short-lived signed addresses issued to the owner.
import type { PageQuery } from './paging'

// ---------------------------------------------------------------- code tables

/** doc2 §4 work-order types, plus the maintenance service (代维管家), which the spec names without a code. */
export const WORK_ORDER_TYPE = {
  cooperation: 0,
  purchase: 1,
  afterSales: 2,
  memberAccount: 3,
  maintenance: 4,
} as const
export type WorkOrderType = (typeof WORK_ORDER_TYPE)[keyof typeof WORK_ORDER_TYPE]

export const WORK_ORDER_TYPE_LABEL: Record<WorkOrderType, string> = {
  0: '合作咨询',
  1: '购买咨询',
  2: '售后咨询',
  3: '会员账号',
  4: '代维管家',
}

/** The categories a customer submits under (step 1 of /submitWorkOrder); maintenance only with a maintenance order. */
export const SUBMITTABLE_TYPES = [WORK_ORDER_TYPE.afterSales, WORK_ORDER_TYPE.memberAccount] as const

/**
 * doc2 §4: 0 assigned, 1 awaiting the customer's confirmation, 2 and 5 processing, 3 and 4 closed.
 * 3 is closed as finished (confirmed complete: the one that can be rated), 4 closed with a reason.
 */
export const WORK_ORDER_STATUS = {
  assigned: 0,
  awaitingConfirmation: 1,
  processing: 2,
  completed: 3,
  closed: 4,
  processingAgain: 5,
} as const
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS]

/** The statuses of the 服务中 tab and its count. */
export const IN_SERVICE_STATUSES: readonly WorkOrderStatus[] = [0, 1, 2, 5]

/**
 * The `status` query value of the 服务中 tab (getMyWorkOrderList and getMyWorkOrderCount take a
 * status or a comma-separated list of statuses).
 */
export const IN_SERVICE_STATUS_QUERY = '0,1,2,5'

/** doc2 §4 record roles. */
export const RECORD_ROLE = { system: 0, member: 1, engineerReply: 2, urgent: 3, engineerNote: 4 } as const
export type RecordRole = (typeof RECORD_ROLE)[keyof typeof RECORD_ROLE]

/** doc2 §3 file type codes. */
export const FILE_TYPE = { general: 0, businessLicense: 3, identity: 4 } as const
export type WorkOrderFileType = (typeof FILE_TYPE)[keyof typeof FILE_TYPE]

/** doc2 §9 close reasons (closeWorkOrder isClose 1). */
export const CLOSE_REASONS = [
  '工程师已帮我解决',
  '自己已解决',
  '响应太慢',
  '工程师无法理解问题',
  '工程师无法解决问题',
  '不想问了',
  '产品规则无法满足需求',
] as const

/** doc2 §9 reopen reasons (openWorkOrder communicateReason). */
export const REOPEN_REASONS = ['继续提交资料', '问题未解决', '其他'] as const

/** doc2 §3 data field codes (acWorkOrderDataPos.fieldCode and template fields). */
export const FIELD_CODES = [
  'orderCode',
  'telPhone',
  'description',
  'drawbackReason',
  'collaborationMessage',
  'corporateName',
  'city',
  'call',
  'newOrderCode',
  'file',
  'mainBusiness',
  'duties',
  'contactEmail',
  'businessLicense',
  'identityDocument',
  'dwServiceOrder',
  'websiteDomain',
  'serviceProject',
  'templateId',
] as const
export type FieldCode = (typeof FIELD_CODES)[number]

/** The template fields that are uploads, and the file type each carries. */
export const FILE_FIELDS: Partial<Record<FieldCode, WorkOrderFileType>> = {
  file: FILE_TYPE.general,
  businessLicense: FILE_TYPE.businessLicense,
  identityDocument: FILE_TYPE.identity,
}

// ---------------------------------------------------------------- limits (doc2 §5, §9)

export const TEXT_MAX = 500
export const PHONE_FIELD_MAX = 11
export const NUMBER_SEARCH_MAX = 8
export const MAX_FILES_PER_FIELD = 5
export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const ALLOWED_EXTENSIONS = ['rar', 'zip', 'doc', 'docx', 'pdf', 'jpg', 'png', 'jpeg'] as const
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number]
/** Orders last updated before this day never offer the evaluation (doc2 §4). */
export const EVALUATION_CUTOFF = '2023-07-02T00:00:00+08:00'

// ---------------------------------------------------------------- maintenance service items

/**
 * doc2 §3: the maintenance service's eight items, five counted (an integer up to the remaining
 * count) and three switched on or off. `code` is the stable key both sides use.
 */
export const SERVICE_PROJECTS = [
  { code: 'pageAdjust', projectName: '页面调整', unit: '个', isInputBox: 1 },
  { code: 'contentUpload', projectName: '产品/文章上传', unit: '张', isInputBox: 1 },
  { code: 'posterDesign', projectName: '海报设计', unit: '张', isInputBox: 1 },
  { code: 'httpsCertificate', projectName: 'HTTPS证书', unit: '次', isInputBox: 1 },
  { code: 'formFunction', projectName: '表单功能', unit: '次', isInputBox: 1 },
  { code: 'onlineMap', projectName: '在线地图', unit: '', isInputBox: 0 },
  { code: 'seoSettings', projectName: 'SEO设置', unit: '', isInputBox: 0 },
  { code: 'visitorData', projectName: '访客数据', unit: '', isInputBox: 0 },
] as const
export type ServiceProjectCode = (typeof SERVICE_PROJECTS)[number]['code']

/** doc2 §3 service project item as the server lists it for a maintenance order. */
export interface ServiceProjectItem {
  code: ServiceProjectCode
  projectName: string
  unit: string
  /** What the customer asks for: a count for input items, 0/1 for switches. */
  inputNum: number
  /** What remains of the order's allowance (input items); 1 = still available (switches). */
  resisueNum: number
  isInputBox: 0 | 1
  isDisplay: 0 | 1
  isSelected: 0 | 1
  isUpdate: 0 | 1
}

/**
 * What a form sends for one item: a count (input items) or 0/1 (switches). A type literal: the
 * route's schema types each item with an open index signature, which an interface does not match.
 */
export type ServiceProjectRequest = {
  code: ServiceProjectCode
  inputNum: number
}

/** getServiceProjectList / getWebsiteDomainByDaiweiOrder: one of the viewer's maintenance orders. */
export interface MaintenanceOrderQuery {
  orderCode: string
  productVersion?: string
}

// ---------------------------------------------------------------- shapes

/** downLoadFile's query: the signed address the server issues (file-urls.ts), sent by <img> and downloads. */
export interface SignedFileQuery {
  fileId: string
  /** Unix seconds. */
  expires: number
  sig: string
}

/** doc2 §3 "file" entries: fileUrl is a signed address; fileId is what a form sends back. */
export interface WorkOrderFile {
  fileId: string
  fileUrl: string
  fileName: string
  fileSize: number
  type: WorkOrderFileType
}

/** What an upload answers (`data.url` as the spec names it, plus the id a form sends). */
export interface UploadedFile {
  fileId: string
  url: string
  fileName: string
  fileSize: number
}

export interface WorkOrderDataField {
  fieldCode: FieldCode
  name: string
  fieldValue: string
  sort: number
}

/** One row of /myWorkOrder. */
export interface WorkOrderSummary {
  id: number
  number: string
  type: WorkOrderType
  /** Plain-text summary of the description (the detail carries the sanitised rich text). */
  description: string
  submitTime: string
  lastUpdateTime: string
  status: WorkOrderStatus
  /** 1 when every engineer reply has been seen. */
  readState: 0 | 1
  isUrgent: 0 | 1
  /** List rows only: the pictures the order was submitted with, for the list's preview (doc2 §2). */
  images?: WorkOrderFile[]
}

/** doc2 §3 communication record. */
export interface WorkOrderRecord {
  id: number
  role: RecordRole
  title: string
  /** Sanitised rich text. */
  content: string
  createTime: string
  /** The member's phone, masked (role 1 only). */
  userTelPhone: string | null
  serviceProject: ServiceProjectItem[] | null
  acWorkOrderFilePos: WorkOrderFile[]
}

export interface WorkOrderDetail extends WorkOrderSummary {
  source: number
  templateId: number | null
  taskName: string
  productVersion: string | null
  termYear: number | null
  /** The consulted order's code, when the work order is about one. */
  orderCode: string | null
  acWorkOrderDataPos: WorkOrderDataField[]
  acWorkOrderFilePos: WorkOrderFile[]
  licenseList: WorkOrderFile[]
  identityList: WorkOrderFile[]
  recordsDtos: WorkOrderRecord[]
  /** Maintenance orders: the items with what remains. */
  serviceProject: ServiceProjectItem[] | null
  /** Set once the customer asked for urgency (one request per order). */
  urgedAt: string | null
}

/** doc2 §3 problem template: fields in `sort` order. */
export interface TemplateField {
  fieldName: string
  fieldCode: FieldCode
  required: boolean
  sort: number
}

export interface ProblemTemplate {
  id: number
  workType: WorkOrderType
  taskName: string
  fieldChild: TemplateField[]
}

/** getWorkList: the problem templates of a type; `state` 1 (the default) lists the enabled ones. */
export interface ProblemTemplateQuery {
  /** A WORK_ORDER_TYPE code. */
  workType: number
  state?: number
}

/** doc2 §3 create payload. */
export interface CreateWorkOrderRequest {
  type: WorkOrderType
  templateId: number
  source: number
  /** A field's `sort` may be left out: the server takes the template's. */
  acWorkOrderDataPos: { fieldCode: FieldCode; fieldValue: string; sort?: number }[]
  /** Uploaded files by id, each with its type code. */
  acWorkOrderFilePos: { fileId: string; type: WorkOrderFileType }[]
  productVersion?: string
  /** Maintenance orders only. */
  serviceProject?: ServiceProjectRequest[]
}

export interface CreatedWorkOrder {
  id: number
  number: string
}

/** An order a work order can be about (getOrderList / getNewOrderList). */
export interface ConsultableOrder {
  orderCode: string
  productName: string
  productVersion: string
  createTime: string
  /** What was paid, in yuan ('199.00'), shown beside the order when choosing it. */
  payAmount: string
}

/** A maintenance order of the account (getDaiweiOrderList) and the site it looks after. */
export interface MaintenanceOrder {
  orderCode: string
  productVersion: string
  websiteDomain: string
  termYear: number
}

/** getMyWorkOrderList's query. */
export interface MyWorkOrderQuery extends PageQuery {
  orderNum?: string
  description?: string
  /**
   * One status or a comma-separated list of statuses: IN_SERVICE_STATUS_QUERY for the 服务中 tab,
   * '2,5' for 处理中; empty or left out for all.
   */
  status?: string
  /** Beijing days, YYYY-MM-DD, both ends included. */
  submitTimeStartDate?: string
  submitTimeEndDate?: string
  /** Matches the number or the description. */
  keyword?: string
}

/** getMyWorkOrderCount's query: `status` as getMyWorkOrderList takes it. */
export interface WorkOrderCountQuery {
  status?: string
}

/** closeWorkOrder: isClose 1 closes with a reason (CLOSE_REASONS), 0 confirms completion. */
export interface CloseWorkOrderRequest {
  id: number
  isClose: 0 | 1
  closeReason?: string
}

/**
 * openWorkOrder: with serviceProject, adjusts a maintenance order's items; else continues the
 * service (content) or reopens a closed order (communicateReason from REOPEN_REASONS, content).
 */
export interface OpenWorkOrderRequest {
  id: number
  content?: string
  communicateReason?: string
  serviceProject?: ServiceProjectRequest[]
}

/** getIsExistWaitFinishWorkOrder: an unfinished maintenance work order of the account blocks a new one. */
export interface WaitFinishWorkOrder {
  exist: boolean
  /** The blocking work order when the caller may open it (a sub-admin sees only its own). */
  workOrderId: number | null
  /** Its number, so a caller who may not open it can name it (null when none blocks). */
  number: string | null
  /** Who submitted it: null for the main account, else the sub-admin's name. */
  submittedBy: string | null
}

/** A reply (saveRecords): files by the id their upload answered. */
export interface SaveRecordRequest {
  workOrderId: number
  content: string
  acWorkOrderFilePos?: { fileId: string }[]
}

/** updRecordLook: the engineer replies of one work order are seen. */
export interface RecordLookRequest {
  workOrderId: number
}

/** judgeIsEvalaute's query. */
export interface WorkOrderEvaluationQuery {
  workId: number
}

/** judgeIsEvalaute: 0 not yet rated (url to /evaluate), non-zero rated; null when no survey applies. */
export interface WorkOrderEvaluation {
  evaluateStatus: number
  url: string
}

// ---------------------------------------------------------------- the state table (doc2 §4)

export interface WorkOrderActions {
  /** Reply box (saveRecords): a message at any status before closed; it never changes the status. */
  reply: boolean
  /** 继续 (openWorkOrder, back to processing) and 确认完结 (closeWorkOrder isClose 0). */
  confirmOrContinue: boolean
  /** 关闭工单 with a reason (closeWorkOrder isClose 1). */
  close: boolean
  /** 重开 with a reason after closing (openWorkOrder, back to assigned), or 提交新问题. */
  reopen: boolean
  /** 加急 (urgentWorkOrder), once per order. */
  urgent: boolean
  /** 删除 (deleteWorkOrder). */
  remove: boolean
  /** 调整服务项目 (openWorkOrder with serviceProject), maintenance orders. */
  adjustServiceItems: boolean
  /** Ask judgeIsEvalaute whether to offer 立即评价. */
  askEvaluation: boolean
}

export function isClosedStatus(status: WorkOrderStatus): boolean {
  return status === WORK_ORDER_STATUS.completed || status === WORK_ORDER_STATUS.closed
}

/** What the customer may do with a work order: the client shows it, the server enforces it. */
export function workOrderActions(
  order: Pick<WorkOrderSummary, 'status' | 'type' | 'lastUpdateTime'> & { urgedAt: string | null },
): WorkOrderActions {
  const closed = isClosedStatus(order.status)
  return {
    reply: !closed,
    confirmOrContinue: order.status === WORK_ORDER_STATUS.awaitingConfirmation,
    close: !closed,
    reopen: closed,
    urgent: !closed && !order.urgedAt,
    remove: closed,
    adjustServiceItems: !closed && order.type === WORK_ORDER_TYPE.maintenance,
    askEvaluation:
      order.status === WORK_ORDER_STATUS.completed &&
      Date.parse(order.lastUpdateTime) >= Date.parse(EVALUATION_CUTOFF),
  }
}
