// Notices and messages (spec account-area §7). Viewer-scoped on the server: a sub-admin sees its own.
import { http } from '../../core/http/request'
import type {
  HomePoll,
  LatestNotice,
  NoticeDetail,
  NoticeItem,
  NoticeListQuery,
  NoticeTargetBody,
} from '../../core/contract/notices'
import type { Page } from '../../core/contract/paging'

/** A notice of the list (the contract's NoticeItem). */
export type Notice = NoticeItem
// Components and hooks read the answers' types from here; they are declared in the contract.
export type { LatestNotice, NoticeDetail }

/** A list of notices, or every notice of the viewer. */
export type NoticeTarget = number[] | 'all'

// signRead 1 acts on idsList, 2 on all of the viewer's notices.
const target = (ids: NoticeTarget): NoticeTargetBody =>
  ids === 'all' ? { signRead: 2 } : { signRead: 1, idsList: ids }

export const noticeApi = {
  // Lists and the detail show their own error state (with retry): no toast on top.
  list: ({ readStatus, ...page }: NoticeListQuery) =>
    http.get<Page<Notice>>('/api/pc/messageList', readStatus === undefined ? page : { ...page, readStatus }, {
      silent: true,
    }),
  markRead: (ids: NoticeTarget) => http.post<null>('/api/pc/doReadMsg', { ...target(ids) }),
  remove: (ids: NoticeTarget) => http.post<null>('/api/pc/delMsg', { ...target(ids) }),
  detail: (id: number) => http.get<NoticeDetail>('/api/pc/selectMessageInfoById', { id }, { silent: true }),
  // The home poll runs every 3 s in the background: failures stay quiet.
  latest: () => http.get<LatestNotice | null>('/api/pc/selectLatestNews', undefined, { silent: true }),
  homePoll: () => http.get<HomePoll>('/api/pc/homePoll', undefined, { silent: true }),
  markPopped: (id: number) => http.post<null>('/api/pc/updatePopStatus', { id }, { silent: true }),
  unreadList: () => http.get<Notice[]>('/api/pc/getUnReadList', undefined, { silent: true }),
}
