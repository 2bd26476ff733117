// Pure rules of the work-order screens (doc2 §2 Work orders, §4 states, §9): status labels and tones,
// record roles, the submit steps, the create payload, list filters. The state table itself
// (what may be done at which status) is the shared contract's `workOrderActions`.
import {
  FILE_FIELDS,
  IN_SERVICE_STATUS_QUERY,
  IN_SERVICE_STATUSES,
  SERVICE_PROJECTS,
  SUBMITTABLE_TYPES,
  WORK_ORDER_TYPE,
  WORK_ORDER_TYPE_LABEL,
  type ConsultableOrder,
  type CreateWorkOrderRequest,
  type FieldCode,
  type MaintenanceOrder,
  type MyWorkOrderQuery,
  type ProblemTemplate,
  type RecordRole,
  type ServiceProjectItem,
  type ServiceProjectRequest,
  type TemplateField,
  type WaitFinishWorkOrder,
  type WorkOrderStatus,
  type WorkOrderType,
} from '../../core/contract/work-orders'
import { yuan } from '../../core/format/money'
import { formatBeijingTime } from '../../core/format/time'
import { clientSource } from '../../core/platform/env'
import { dateRangeError, numberQuery, WORK_ORDER_MSG } from '../../core/validation/work-orders'

export type StatusTone = 'green' | 'orange' | 'blue' | 'grey'

/**
 * doc2 §4: 0 assigned (green), 1 awaiting your confirmation (orange), 2 and 5 processing, 3 and 4
 * closed (grey). 3 is the order confirmed complete (the one that can be rated): 已完结; 4 was closed
 * with a reason: 已关闭.
 */
export const STATUS_VIEW: Record<WorkOrderStatus, { label: string; tone: StatusTone }> = {
  0: { label: '已分配', tone: 'green' },
  1: { label: '待您确认', tone: 'orange' },
  2: { label: '处理中', tone: 'blue' },
  5: { label: '处理中', tone: 'blue' },
  3: { label: '已完结', tone: 'grey' },
  4: { label: '已关闭', tone: 'grey' },
}

export function statusView(status: number) {
  return STATUS_VIEW[status as WorkOrderStatus] ?? { label: '--', tone: 'grey' as StatusTone }
}

/**
 * The status filter of /myWorkOrder as the `status` query carries it ('' = every status): 处理中 is
 * both 2 and 5, which the server takes as a comma-separated list.
 */
export type StatusFilter = '' | '0' | '1' | '2,5' | '3' | '4'
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: '0', label: '已分配' },
  { value: '1', label: '待您确认' },
  { value: '2,5', label: '处理中' },
  { value: '3', label: '已完结' },
  { value: '4', label: '已关闭' },
]

export const typeLabel = (type: number) => WORK_ORDER_TYPE_LABEL[type as WorkOrderType] ?? '--'

export const isInService = (status: WorkOrderStatus) => IN_SERVICE_STATUSES.includes(status)

export const EMPTY_TEXT = '暂无数据'
export const DELETE_CONFIRM = '确定删除该工单吗？删除后将无法查看。'
export const DELETED_TEXT = '删除成功'

export type ListTab = 'all' | 'inService'

export const tabLabel = (tab: ListTab, inServiceCount: number) =>
  tab === 'all' ? '全部' : `服务中（${inServiceCount}）`

export interface ListFilter {
  number: string
  description: string
  status: StatusFilter
  start: string
  end: string
}

export const EMPTY_FILTER: ListFilter = { number: '', description: '', status: '', start: '', end: '' }

/**
 * How many filters narrow the list, for the phone's 筛选 button: 工单编号, 问题描述, 状态 and the
 * 提交时间 range (one filter, whichever of its dates is set).
 */
export function activeFilterCount(filter: ListFilter): number {
  return [
    numberQuery(filter.number),
    filter.description.trim(),
    filter.status,
    filter.start || filter.end,
  ].filter(Boolean).length
}

const FIRST_FILTER_DATE = '2000-01-01'

/**
 * The days the date filter offers: FIRST_FILTER_DATE to today in Beijing (no work order is dated
 * later); the bounds of the browser's calendar on H5 and of WeChat's wheel in the mini-program.
 */
export const dateFilterRange = (now: number) => ({
  start: FIRST_FILTER_DATE,
  end: formatBeijingTime(now, 'YYYY-MM-DD'),
})

/**
 * The `status` query of a tab and a status filter: the 服务中 tab asks for IN_SERVICE_STATUS_QUERY,
 * narrowed to the chosen statuses that are in service; a chosen status outside the tab (已完结 under
 * 服务中) is sent as chosen — the filter the customer picked wins.
 */
export function statusQuery(tab: ListTab, status: StatusFilter): string | undefined {
  if (tab !== 'inService') return status || undefined
  if (!status) return IN_SERVICE_STATUS_QUERY
  const shared = status.split(',').filter((s) => IN_SERVICE_STATUSES.includes(Number(s) as WorkOrderStatus))
  return shared.length ? shared.join(',') : status
}

/** The filter as the list call sends it; null when the date range is refused (its message shown). */
export function listQuery(
  filter: ListFilter,
  tab: ListTab,
  requireBothDates: boolean,
): { query: Omit<MyWorkOrderQuery, 'pageNum' | 'pageSize'> } | { error: string } {
  const error = dateRangeError(filter.start, filter.end, requireBothDates)
  if (error) return { error }
  const query: Omit<MyWorkOrderQuery, 'pageNum' | 'pageSize'> = {}
  const orderNum = numberQuery(filter.number)
  if (orderNum) query.orderNum = orderNum
  const description = filter.description.trim()
  if (description) query.description = description
  const status = statusQuery(tab, filter.status)
  if (status) query.status = status
  if (filter.start) query.submitTimeStartDate = filter.start
  if (filter.end) query.submitTimeEndDate = filter.end
  return { query }
}

// ---------------------------------------------------------------- records

/** doc2 §4 record roles. */
export const RECORD_ROLE_LABEL: Record<RecordRole, string> = {
  0: '系统消息',
  1: '我',
  2: '工程师回复',
  3: '加急申请',
  4: '工程师备注',
}

export const recordRoleLabel = (role: number) => RECORD_ROLE_LABEL[role as RecordRole] ?? '--'

export { isImageFile } from '../../core/validation/work-orders'

// ---------------------------------------------------------------- submit

/** Step 1: the categories offered; 代维管家 only when the account holds a maintenance order. */
export function submitCategories(hasMaintenanceOrder: boolean): WorkOrderType[] {
  return hasMaintenanceOrder ? [...SUBMITTABLE_TYPES, WORK_ORDER_TYPE.maintenance] : [...SUBMITTABLE_TYPES]
}

/** `?type=2|3` opens step 2 for that category at once (doc2 §2). */
export function typeFromQuery(type: string | undefined): WorkOrderType | null {
  return type === '2' || type === '3' ? (Number(type) as WorkOrderType) : null
}

export const CATEGORY_NOTE: Record<number, string> = {
  2: '产品使用、网站功能、续费升级等问题',
  3: '账号登录、手机号、子账号与权限等问题',
  4: '代维管家服务项目的申请与调整',
}

/** A template's fields in `sort` order (doc2 §3). */
export function sortedFields(template: ProblemTemplate | null | undefined): TemplateField[] {
  return [...(template?.fieldChild ?? [])].sort((a, b) => a.sort - b.sort)
}

export const isOrderField = (code: FieldCode) => code === 'orderCode' || code === 'newOrderCode'
export const isLongText = (code: FieldCode) =>
  ['description', 'drawbackReason', 'collaborationMessage', 'mainBusiness', 'duties'].includes(code)
/** Fields the maintenance section fills itself (domain, order, items). */
export const isMaintenanceField = (code: FieldCode) =>
  code === 'websiteDomain' || code === 'dwServiceOrder' || code === 'serviceProject'

export interface SubmitDraft {
  type: WorkOrderType
  templateId: number | null
  values: Partial<Record<FieldCode, string>>
  files: Partial<Record<FieldCode, { fileId: string; fileName: string; url: string }[]>>
  /** Maintenance: counts typed per item code ('' when cleared). */
  services: Record<string, string>
}

/** A new form of the category: nothing chosen or typed yet. */
export const emptySubmitDraft = (type: WorkOrderType): SubmitDraft => ({
  type,
  templateId: null,
  values: {},
  files: {},
  services: {},
})

/**
 * Nothing worth keeping as a draft: no template, text, file or service item, the contact phone
 * counting as nothing while it still holds the prefilled bound phone.
 */
export function isEmptySubmitDraft(draft: SubmitDraft, prefill: string): boolean {
  const values = Object.entries(draft.values).filter(
    ([code, v]) => v && !(code === 'telPhone' && v === prefill),
  )
  const files = Object.values(draft.files).some((list) => list && list.length)
  const services = Object.values(draft.services).some(Boolean)
  return draft.templateId === null && !values.length && !files && !services
}

/** The files chosen per upload field, counted as the form's validation takes them. */
export function fileCounts(files: SubmitDraft['files']): Partial<Record<FieldCode, number>> {
  return Object.fromEntries(Object.entries(files).map(([code, list]) => [code, list?.length ?? 0]))
}

/** A list the server answered with, or none (an answer that is not a list shows as empty). */
export const listOf = <T>(answer: readonly T[] | null | undefined): T[] =>
  Array.isArray(answer) ? [...answer] : []

/** How a consultable order is offered: its code, product and version. */
export const consultableOrderLabel = (o: ConsultableOrder) =>
  `${o.orderCode} ${o.productName}${o.productVersion ? `（${o.productVersion}）` : ''}`

/** A consultable order as the order picker shows it: code, product, the day it was placed, what was paid. */
export function consultableOrderView(o: ConsultableOrder) {
  return {
    code: o.orderCode,
    product: `${o.productName}${o.productVersion ? `（${o.productVersion}）` : ''}`,
    date: formatBeijingTime(o.createTime, 'YYYY-MM-DD'),
    amount: yuan(o.payAmount),
  }
}

/**
 * The orders the picker's search keeps: those whose code or product name holds the words typed
 * (case and surrounding blanks ignored); every order while nothing is typed.
 */
export function searchConsultableOrders<T extends ConsultableOrder>(
  orders: readonly T[],
  search: string,
): T[] {
  const words = search.trim().toLowerCase()
  if (!words) return [...orders]
  return orders.filter(
    (o) => o.orderCode.toLowerCase().includes(words) || o.productName.toLowerCase().includes(words),
  )
}

/**
 * The order the work order is about, chosen in the first order field that has one: its version is
 * sent with the work order.
 */
export function consultedOrder(
  fields: readonly TemplateField[],
  orders: Partial<Record<FieldCode, readonly ConsultableOrder[]>>,
  values: Partial<Record<FieldCode, string>>,
): ConsultableOrder | undefined {
  return fields
    .map((f) => orders[f.fieldCode]?.find((o) => o.orderCode === values[f.fieldCode]))
    .find(Boolean)
}

/** Step 2's form as CreateWorkOrder sends it: trimmed values in template order, files by type. */
export function createRequest(
  draft: SubmitDraft,
  fields: readonly TemplateField[],
  extra: { productVersion?: string; serviceProject?: ServiceProjectRequest[] },
): CreateWorkOrderRequest {
  const textFields = fields.filter((f) => !(f.fieldCode in FILE_FIELDS) && f.fieldCode !== 'serviceProject')
  const request: CreateWorkOrderRequest = {
    type: draft.type,
    templateId: draft.templateId ?? 0,
    source: clientSource,
    acWorkOrderDataPos: textFields
      .map((f) => ({
        fieldCode: f.fieldCode,
        fieldValue: (draft.values[f.fieldCode] ?? '').trim(),
        sort: f.sort,
      }))
      .filter((d) => d.fieldValue !== ''),
    acWorkOrderFilePos: fields.flatMap((f) => {
      const type = FILE_FIELDS[f.fieldCode]
      return type === undefined
        ? []
        : (draft.files[f.fieldCode] ?? []).map((file) => ({ fileId: file.fileId, type }))
    }),
  }
  if (extra.productVersion) request.productVersion = extra.productVersion
  if (extra.serviceProject) request.serviceProject = extra.serviceProject
  return request
}

/**
 * 调整服务项目 starts from what the order asks now: each item may go up to what remains plus what
 * this order already holds (an adjustment gives that back first, as the server does).
 */
export function adjustableServiceItems(items: readonly ServiceProjectItem[]): ServiceProjectItem[] {
  return items.map((item) => ({ ...item, resisueNum: item.resisueNum + item.inputNum }))
}

/**
 * What a counted service item shows beside its input: what this order takes (as typed) and what is
 * left after it, so 调整服务项目 never counts the order's own use as still available. `max` is what
 * this order may take (adjustableServiceItems: what remains plus what it holds).
 */
export function serviceItemLeft(max: number, typed: string, unit: string): string {
  const taken = Math.min(max, Math.max(0, Math.trunc(Number(typed) || 0)))
  const left = `剩余 ${max - taken} ${unit}`.trim()
  return taken > 0 ? `本单 ${taken} ${unit} · ${left}`.replace(/ +/g, ' ') : left
}

/** The inputs as the order's current request fills them: counts as typed, switches on ('1'). */
export function typedFromRequest(items: readonly ServiceProjectItem[]): Record<string, string> {
  return Object.fromEntries(
    items
      .filter((item) => item.inputNum > 0)
      .map((item) => [item.code, item.isInputBox ? String(item.inputNum) : '1']),
  )
}

/** What the service-item inputs ask for: a count for input items, 0/1 for switches. */
export function serviceRequest(items: readonly ServiceProjectItem[], typed: Record<string, string>) {
  return items.map((item) => ({ code: item.code, inputNum: Number(typed[item.code] || 0) || 0 }))
}

/** Items the order offers, in the catalogue's order, hidden ones left out. */
export function visibleServiceItems(items: readonly ServiceProjectItem[]): ServiceProjectItem[] {
  const order = SERVICE_PROJECTS.map((p) => p.code as string)
  return items.filter((i) => i.isDisplay !== 0).sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
}

/** A masked bound phone (138****0001) prefills the contact field; the form may send it unchanged. */
export const contactPrefill = (maskedBoundPhone: string) => maskedBoundPhone

export const SUBMITTED_TITLE = '提交成功'
export const ASSIGNED_TEXT = '您的工单已提交，已为您分配专属工程师，请留意工单回复。'
export const REOPEN_NOTE = '重开的工单将在2小时内处理'
export const COMPLETE_CONFIRM = '请确认该工单是否已完结？'
/** Under 待您确认 both the reply box and 继续咨询 are offered: a message leaves the status as it is. */
export const REPLY_AWAITING_NOTE = '留言不会改变工单状态；如问题仍未解决，请点击“继续咨询”。'
/** The server's own success message for urgentWorkOrder (the spec names none). */
export const URGED_TEXT = '加急申请已提交'

// ---------------------------------------------------------------- 代维管家

/**
 * A chosen 代维订单 and 网站域名 that do not belong together, explained at the order field (the
 * server refuses the pair with the same words).
 */
export function maintenancePairError(
  maintenance: readonly MaintenanceOrder[],
  values: Partial<Record<FieldCode, string>>,
): string | null {
  const order = maintenance.find((m) => m.orderCode === values.dwServiceOrder)
  if (!order || !values.websiteDomain) return null
  return order.websiteDomain === values.websiteDomain ? null : WORK_ORDER_MSG.domainMismatch
}

/**
 * A maintenance request needs its site and order (the service items come from that order): when the
 * template does not list those fields, they are asked first anyway.
 */
export function withMaintenancePickers(fields: readonly TemplateField[]): TemplateField[] {
  const extra: TemplateField[] = []
  if (!fields.some((f) => f.fieldCode === 'websiteDomain'))
    extra.push({ fieldName: '网站域名', fieldCode: 'websiteDomain', required: true, sort: -2 })
  if (!fields.some((f) => f.fieldCode === 'dwServiceOrder'))
    extra.push({ fieldName: '代维订单', fieldCode: 'dwServiceOrder', required: true, sort: -1 })
  return [...extra, ...fields]
}

/** How a maintenance order is offered: its code, version and site. */
export const maintenanceOrderLabel = (m: MaintenanceOrder) =>
  `${m.orderCode}（${m.productVersion}，${m.websiteDomain}）`

/** The sites offered for 网站域名: each maintained site once, in the orders' order. */
export const maintenanceDomains = (maintenance: readonly MaintenanceOrder[]) => [
  ...new Set(maintenance.map((m) => m.websiteDomain)),
]

/** Choosing the 代维订单 fills its 网站域名 (the pair the server expects). */
export function withMaintenanceOrder(
  values: Partial<Record<FieldCode, string>>,
  maintenance: readonly MaintenanceOrder[],
  orderCode: string,
): Partial<Record<FieldCode, string>> {
  const site = maintenance.find((m) => m.orderCode === orderCode)?.websiteDomain
  return { ...values, dwServiceOrder: orderCode, ...(site ? { websiteDomain: site } : {}) }
}

/**
 * What blocks a new 代维管家 work order, for a viewer who may not open it: which order, and who can
 * confirm it (its submitter, and the main account, which sees every order of the account).
 */
export function blockedByOtherText(blocked: WaitFinishWorkOrder): string {
  if (!blocked.number) return ''
  return blocked.submittedBy
    ? `该工单（编号 ${blocked.number}）由子账号${blocked.submittedBy}提交，请联系${blocked.submittedBy}或主账号确认完结。`
    : `该工单（编号 ${blocked.number}）由主账号提交，请联系主账号确认完结。`
}
