// Notices and messages (spec account-area §7). Viewer-scoped on the server: a sub-admin sees its own.
import { http } from '../../core/http/request'
import type { Page, PageQuery } from '../../core/ui/paging'

/** 0 unread, 1 read. */
export type ReadStatus = 0 | 1

export interface Notice {
  id: number
  type: number
  title: string
  /** HTML, sanitised by the server and again before rendering (core/format/html). */
  content: string
  readStatus: ReadStatus
  /** The spec names readState too; the server sends the same 0/1 as readStatus. */
  readState?: ReadStatus
  templateTitle: string
  createTime: string
}

export interface NoticeFile {
  fileUrl: string
  fileName: string
  filetype: string
  isPhoto: 0 | 1
}

/** Extra fields a notice may carry, depending on its type (account-area §3). */
export interface NoticeDetails {
  alarmName?: string
  secondDomain?: string
  targetUrl?: string
  alarmType?: string
  alarmContent?: string
  questionReply?: string
  fileList?: NoticeFile[]
  productName?: string
  orderCode?: string
  expireTime?: string
  nodeName?: string
  productVersion?: string
  bindPhone?: string
  url?: string
  operateUrl?: string
  workOrderNum?: string
  workOrderTitle?: string
  workOrderProgress?: string
  workOrderOperator?: string
  exclusiveAdvisor?: string
  exclusiveCustomerService?: string
  afterSalesCustomerService?: string
  serviceTime?: string
  /** Type 4 (chart notice). */
  msgType?: number | string
  domain?: string
  echartTitle?: string
  xDate?: string[]
  pvList?: number[]
  uvList?: number[]
}

/** selectMessageInfoById: the detail fields sit on the notice itself (account-area §3). */
export interface NoticeDetail extends Notice, NoticeDetails {}

/** The newest unread notice not yet shown in the home popup. */
export interface LatestNotice {
  id: number
  title: string
  type: number
  createTime: string
}

export interface NoticeListQuery extends PageQuery {
  /** Omitted for all notices. */
  readStatus?: ReadStatus
}

/** A list of notices, or every notice of the viewer. */
export type NoticeTarget = number[] | 'all'

// signRead 1 acts on idsList, 2 on all of the viewer's notices.
const target = (ids: NoticeTarget) => (ids === 'all' ? { signRead: 2 } : { signRead: 1, idsList: ids })

export const noticeApi = {
  // Lists and the detail show their own error state (with retry): no toast on top.
  list: ({ readStatus, ...page }: NoticeListQuery) =>
    http.get<Page<Notice>>('/api/pc/messageList', readStatus === undefined ? page : { ...page, readStatus }, {
      silent: true,
    }),
  markRead: (ids: NoticeTarget) => http.post<null>('/api/pc/doReadMsg', target(ids)),
  remove: (ids: NoticeTarget) => http.post<null>('/api/pc/delMsg', target(ids)),
  detail: (id: number) => http.get<NoticeDetail>('/api/pc/selectMessageInfoById', { id }, { silent: true }),
  // The home poll runs every 3 s in the background: failures stay quiet.
  latest: () => http.get<LatestNotice | null>('/api/pc/selectLatestNews', undefined, { silent: true }),
  markPopped: (id: number) => http.post<null>('/api/pc/updatePopStatus', { id }, { silent: true }),
  unreadList: () => http.get<Notice[]>('/api/pc/getUnReadList', undefined, { silent: true }),
}
