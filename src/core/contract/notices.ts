// Notices on the wire (account-area §3 notice fields, §7 Notices and messages, §9 type codes), and
// the one rule for the addresses a notice carries: the server stores only such links, the client
// opens only such links.
import type { PageQuery } from './paging'

/** readStatus: 0 unread, 1 read. */
export const READ_STATUS = { unread: 0, read: 1 } as const

/** account-area §9 has no security type: the general system notice (type 1) carries 账号安全提醒. */
export const SECURITY_NOTICE_TYPE = 1
export type ReadStatus = (typeof READ_STATUS)[keyof typeof READ_STATUS]

/** Detail fields carried as text (account-area §3); domain and echartTitle belong to type 4. */
export const NOTICE_TEXT_FIELDS = [
  'alarmName',
  'secondDomain',
  'alarmType',
  'alarmContent',
  'questionReply',
  'productName',
  'orderCode',
  'expireTime',
  'nodeName',
  'productVersion',
  'bindPhone',
  'workOrderNum',
  'workOrderTitle',
  'workOrderProgress',
  'workOrderOperator',
  'exclusiveAdvisor',
  'exclusiveCustomerService',
  'afterSalesCustomerService',
  'serviceTime',
  'domain',
  'echartTitle',
] as const
/** Detail fields carried as addresses: kept only when `noticeLink` accepts them. */
export const NOTICE_LINK_FIELDS = ['targetUrl', 'url', 'operateUrl'] as const

type NoticeTextField = (typeof NOTICE_TEXT_FIELDS)[number] | (typeof NOTICE_LINK_FIELDS)[number]

export interface NoticeFile {
  fileUrl: string
  fileName: string
  filetype: string
  isPhoto: 0 | 1
}

/** Extra fields a notice may carry, depending on its type (account-area §3). */
export type NoticeDetails = Partial<Record<NoticeTextField, string>> & {
  fileList?: NoticeFile[]
  /** Type 4: page views (pvList) and visitor IPs (uvList) by date (xDate). */
  msgType?: number | string
  xDate?: string[]
  pvList?: number[]
  uvList?: number[]
}

/** A notice of messageList and getUnReadList. */
export interface NoticeItem {
  id: number
  /** account-area §9 message type code. */
  type: number
  title: string
  templateTitle: string
  /** HTML, sanitised by the server and again before rendering (core/format/html). */
  content: string
  readStatus: ReadStatus
  /** The spec names both readStatus and readState (§3); they carry the same 0/1. */
  readState?: ReadStatus
  createTime: string
}

/**
 * GET /api/pc/homePoll: the home's 3 s poll with the header's two badges folded in, so a visible
 * home makes one call per tick (the client asks it when the badges are due, selectLatestNews between).
 */
export interface HomePoll {
  latest: LatestNotice | null
  unreadNoticeCount: number
  unreadWorkOrderRecordCount: number
}

/** selectMessageInfoById: the detail fields sit on the notice itself (§3), fileList always given. */
export type NoticeDetail = NoticeItem & NoticeDetails

/** selectLatestNews: the newest unread notice not yet shown in the home popup. */
export interface LatestNotice {
  id: number
  type: number
  title: string
  /** Always sent by this server; the popup falls back to the type's label without it. */
  templateTitle?: string
  createTime: string
}

/** messageList's query: readStatus omitted for all notices. */
export interface NoticeListQuery extends PageQuery {
  readStatus?: ReadStatus
}

/** doReadMsg / delMsg: signRead 1 acts on idsList, 2 on every notice of the viewer. */
export interface NoticeTargetBody {
  signRead: 1 | 2
  idsList?: number[]
}

const WEB_ADDRESS = /^https?:\/\/[^\s/]/i
/** A path on the API server (demo attachments), never a protocol-relative `//host`. */
const SERVER_PATH = /^\/(?!\/)\S*$/

export interface NoticeLink {
  /** `web`: an http(s) address; `server`: a path on the API server. */
  kind: 'web' | 'server'
  url: string
}

/**
 * The addresses a notice may link to: http(s), or a path on the API server. Anything else —
 * javascript:, data:, `//host`, text with spaces — is no link at all.
 */
export function noticeLink(value: unknown): NoticeLink | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const url = String(value).trim()
  if (WEB_ADDRESS.test(url)) return { kind: 'web', url }
  return SERVER_PATH.test(url) ? { kind: 'server', url } : null
}
