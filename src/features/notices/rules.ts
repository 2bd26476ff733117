// Notice rules (spec account-area §2 notice list and detail, §9 message type codes): the read
// filters, the type -> category table, which detail fields each category shows, the type-4 chart.
import { maskPhone } from '../../core/format/mask'
import { formatBeijingTime } from '../../core/format/time'
import { isMainAccount } from '../../core/routing/guard'
import {
  noticeLink,
  SECURITY_NOTICE_TYPE,
  type NoticeDetails,
  type ReadStatus,
} from '../../core/contract/notices'
import type { Notice } from './api'

export const EMPTY_TEXT = '暂无数据，请重试。'
export const NOT_FOUND_TEXT = '消息不存在'
export const DELETE_SELECTED_CONFIRM = '确定删除选中的消息吗？删除后无法恢复。'
export const DELETE_ALL_CONFIRM = '确定删除全部消息吗？删除后无法恢复。'
export const DELETED_TEXT = '删除成功！'
export const MARKED_READ_TEXT = '已标记为已读'
export const NOTHING_SELECTED_TEXT = '请先选择消息'

// ---- read filter: 全部 / 已读 / 未读 ----

export type ReadFilter = 'all' | 'read' | 'unread'

export const READ_FILTERS: { key: ReadFilter; label: string; readStatus?: ReadStatus }[] = [
  { key: 'all', label: '全部' },
  { key: 'read', label: '已读', readStatus: 1 },
  { key: 'unread', label: '未读', readStatus: 0 },
]

/** The list call's filter: readStatus omitted for 全部. */
export function readStatusQuery(filter: ReadFilter): { readStatus?: ReadStatus } {
  const readStatus = READ_FILTERS.find((f) => f.key === filter)?.readStatus
  return readStatus === undefined ? {} : { readStatus }
}

export function isUnread(notice: Pick<Notice, 'readStatus'>): boolean {
  return Number(notice.readStatus) === 0
}

export function readStatusLabel(notice: Pick<Notice, 'readStatus'>): string {
  return isUnread(notice) ? '未读' : '已读'
}

// ---- message types (§9) ----

export type DetailKey = Exclude<
  keyof NoticeDetails,
  'fileList' | 'msgType' | 'domain' | 'echartTitle' | 'xDate' | 'pvList' | 'uvList'
>

export type NoticeCategory =
  | 'siteAlarm'
  | 'serviceReply'
  | 'chart'
  | 'siteExpiry'
  | 'miniProgramExpiry'
  | 'adminSet'
  | 'guide'
  | 'requirementPending'
  | 'wechatAuthorised'
  | 'delivery'
  | 'refund'
  | 'workOrder'
  | 'miniProgramDelivery'
  | 'evaluationReminder'
  | 'cdnTraffic'
  | 'migration'
  | 'general'

export interface NoticeTypeRow {
  category: NoticeCategory
  label: string
  /** Single codes and inclusive [from, to] ranges. */
  codes: (number | [number, number])[]
  /** Detail fields shown first, in this order (any other field present follows). */
  fields: DetailKey[]
  /** A fixed line under the body. */
  note?: string
}

const RENEWAL_NOTE = '产品到期后保留7天，请在此期间完成续费，以免影响使用。' // §9: 7-day window

/** §9 message type codes, as data. */
export const NOTICE_TYPES: NoticeTypeRow[] = [
  {
    category: 'siteAlarm',
    label: '站点告警',
    codes: [2],
    fields: ['alarmName', 'alarmType', 'secondDomain', 'targetUrl', 'alarmContent'],
  },
  { category: 'serviceReply', label: '客服回复', codes: [3], fields: ['questionReply'] },
  { category: 'chart', label: '访问统计', codes: [4], fields: [] },
  {
    category: 'siteExpiry',
    label: '站点到期续费',
    codes: [
      [5, 7],
      [59, 64],
    ],
    fields: ['productName', 'productVersion', 'secondDomain', 'orderCode', 'expireTime'],
    note: RENEWAL_NOTE,
  },
  {
    category: 'miniProgramExpiry',
    label: '小程序到期续费',
    codes: [
      [27, 29],
      [65, 67],
    ],
    fields: ['productName', 'productVersion', 'nodeName', 'orderCode', 'expireTime'],
    note: RENEWAL_NOTE,
  },
  { category: 'adminSet', label: '管理员设置', codes: [9, 26], fields: ['secondDomain', 'bindPhone', 'url'] },
  { category: 'guide', label: '使用指引', codes: [10], fields: ['productName', 'url'] },
  {
    category: 'requirementPending',
    label: '需求待确认',
    codes: [11],
    fields: ['productName', 'orderCode', 'operateUrl'],
  },
  { category: 'wechatAuthorised', label: '微信授权', codes: [12], fields: ['nodeName', 'secondDomain'] },
  {
    category: 'delivery',
    label: '交付通知',
    codes: [[14, 17]],
    fields: ['productName', 'orderCode', 'secondDomain', 'url'],
  },
  { category: 'refund', label: '退款通知', codes: [20], fields: ['productName', 'orderCode'] },
  {
    category: 'workOrder',
    label: '工单通知',
    codes: [[21, 23]],
    fields: ['workOrderNum', 'workOrderTitle', 'workOrderProgress', 'workOrderOperator'],
  },
  {
    category: 'miniProgramDelivery',
    label: '小程序交付',
    codes: [[24, 25]],
    fields: ['productName', 'nodeName', 'orderCode', 'url'],
  },
  {
    category: 'evaluationReminder',
    label: '服务评价',
    codes: [[31, 45]],
    fields: [
      'exclusiveAdvisor',
      'exclusiveCustomerService',
      'afterSalesCustomerService',
      'serviceTime',
      'url',
    ],
  },
  {
    category: 'cdnTraffic',
    label: 'CDN流量提醒',
    codes: [[56, 58]],
    fields: ['secondDomain', 'productName'],
  },
  { category: 'migration', label: '站点迁移', codes: [68], fields: ['secondDomain', 'url'] },
]

/** Any code outside the table (1, 8, 13, 18, 19, 30, 46-55, …) is a plain notice. */
export const GENERAL_NOTICE: NoticeTypeRow = { category: 'general', label: '系统通知', codes: [], fields: [] }

function hasCode(row: NoticeTypeRow, type: number) {
  return row.codes.some((code) => (Array.isArray(code) ? type >= code[0] && type <= code[1] : code === type))
}

export function noticeType(type: number | string | null | undefined): NoticeTypeRow {
  const code = Number(type)
  return NOTICE_TYPES.find((row) => hasCode(row, code)) ?? GENERAL_NOTICE
}

export function noticeTypeLabel(type: number | string | null | undefined): string {
  return noticeType(type).label
}

/** The heading: the notice's own title, else its template's, else the type's label. */
export function noticeTitle(notice: Pick<Notice, 'type' | 'title' | 'templateTitle'>): string {
  return notice.title?.trim() || notice.templateTitle?.trim() || noticeTypeLabel(notice.type)
}

/** 续费管理: where an expiry or renewal notice's button leads. */
export const RENEWAL_CENTRE_PATH = '/renewal'

/**
 * A site or mini-program expiry (or renewal) notice offers 续费管理, to the main account only: the
 * route table sends a sub-admin away from /renewal.
 */
export function offersRenewalCentre(
  type: number | string | null | undefined,
  role: number | null | undefined,
) {
  const { category } = noticeType(type)
  return (category === 'siteExpiry' || category === 'miniProgramExpiry') && isMainAccount(role)
}

/**
 * A new-device 账号安全提醒 names the session in its 不是我 link: the page it opens, for a button
 * (the mini-program's rich text cannot follow links), or null.
 */
export function notMePath(notice: Pick<Notice, 'type' | 'content'>): string | null {
  if (Number(notice.type) !== SECURITY_NOTICE_TYPE) return null
  const found = /href="(\/accountManage\?notMe=\d{1,12})"/.exec(notice.content ?? '')
  return found ? found[1] : null
}

// ---- detail fields ----

type FieldKind = 'text' | 'time' | 'link' | 'phone'

const FIELDS: Record<DetailKey, { label: string; kind: FieldKind }> = {
  alarmName: { label: '告警名称', kind: 'text' },
  alarmType: { label: '告警类型', kind: 'text' },
  alarmContent: { label: '告警内容', kind: 'text' },
  secondDomain: { label: '站点域名', kind: 'text' },
  targetUrl: { label: '告警地址', kind: 'link' },
  questionReply: { label: '回复内容', kind: 'text' },
  productName: { label: '产品名称', kind: 'text' },
  productVersion: { label: '产品版本', kind: 'text' },
  orderCode: { label: '订单编号', kind: 'text' },
  expireTime: { label: '到期时间', kind: 'time' },
  nodeName: { label: '节点名称', kind: 'text' },
  bindPhone: { label: '绑定手机', kind: 'phone' },
  url: { label: '访问链接', kind: 'link' },
  operateUrl: { label: '操作链接', kind: 'link' },
  workOrderNum: { label: '工单编号', kind: 'text' },
  workOrderTitle: { label: '工单标题', kind: 'text' },
  workOrderProgress: { label: '工单进度', kind: 'text' },
  workOrderOperator: { label: '处理人', kind: 'text' },
  exclusiveAdvisor: { label: '专属顾问', kind: 'text' },
  exclusiveCustomerService: { label: '专属客服', kind: 'text' },
  afterSalesCustomerService: { label: '售后客服', kind: 'text' },
  serviceTime: { label: '服务时间', kind: 'text' },
}

export const DETAIL_FIELD_ORDER = Object.keys(FIELDS) as DetailKey[]

export interface DetailRow {
  key: DetailKey
  label: string
  value: string
  /** Set for links: an http(s) address the user may open. */
  href?: string
}

/** Detail links open only http(s) addresses (contract `noticeLink`; never javascript:, data: …). */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  const link = noticeLink(value)
  return link?.kind === 'web' ? link.url : undefined
}

/** The detail fields present on this notice: its type's fields first, then any other one given. */
export function detailRows(type: number, details: NoticeDetails | null | undefined): DetailRow[] {
  if (!details) return []
  const first = noticeType(type).fields
  const keys = [...first, ...DETAIL_FIELD_ORDER.filter((key) => !first.includes(key))]
  const rows: DetailRow[] = []
  for (const key of keys) {
    const raw = details[key]
    if (raw === undefined || raw === null || String(raw).trim() === '') continue
    const { label, kind } = FIELDS[key]
    const text = String(raw).trim()
    if (kind === 'time') rows.push({ key, label, value: formatBeijingTime(text) })
    else if (kind === 'phone') rows.push({ key, label, value: maskPhone(text) || text })
    else if (kind === 'link') rows.push({ key, label, value: text, href: safeHttpUrl(text) })
    else rows.push({ key, label, value: text })
  }
  return rows
}

// ---- attachments ----

export interface Attachment {
  name: string
  url: string
  isImage: boolean
}

/** Attachments with a usable address; relative ones are resolved against the API base. */
export function attachments(details: NoticeDetails | null | undefined, apiBase = ''): Attachment[] {
  const files = Array.isArray(details?.fileList) ? details.fileList : []
  return files.flatMap((file) => {
    const link = noticeLink(file?.fileUrl)
    if (!link) return []
    const url = link.kind === 'server' ? apiBase + link.url : link.url
    const isImage = Number(file.isPhoto) === 1
    return [{ name: file.fileName || (isImage ? '图片' : '附件'), url, isImage }]
  })
}

// ---- type 4: page views and visitor IPs by date ----

export const PV_SERIES = '浏览量(PV)'
export const UV_SERIES = '访客IP(UV)'

export interface NoticeChart {
  title: string
  domain: string
  categories: string[]
  series: { name: string; data: number[] }[]
}

const numbers = (list: unknown) => (Array.isArray(list) ? list.map((n) => Number(n) || 0) : [])

/** The type-4 chart, or null for other types or when there are no dates to plot. */
export function noticeChart(type: number, details: NoticeDetails | null | undefined): NoticeChart | null {
  if (noticeType(type).category !== 'chart' || !details) return null
  const categories = Array.isArray(details.xDate) ? details.xDate.map(String) : []
  if (!categories.length) return null
  return {
    title: details.echartTitle?.trim() || '访问统计',
    domain: details.domain?.trim() || details.secondDomain?.trim() || '',
    categories,
    series: [
      { name: PV_SERIES, data: numbers(details.pvList) },
      { name: UV_SERIES, data: numbers(details.uvList) },
    ],
  }
}

/** `?id=` of the detail page: a positive integer, else null (shown as 消息不存在 without a call). */
export function parseNoticeId(raw: string | number | null | undefined): number | null {
  const text = String(raw ?? '').trim()
  if (!/^\d{1,15}$/.test(text)) return null
  const id = Number(text)
  return id > 0 ? id : null
}
