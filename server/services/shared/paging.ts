// Lists answer { data, total, pages } (account-area §7: messageList, getMyOperateRecordList).
import type { Page, PageQuery } from '../../../src/core/contract/paging'

export type { Page }
/** What a list call asks for (the contract's PageQuery). */
export type PageRequest = PageQuery

export const offsetOf = ({ pageNum, pageSize }: PageRequest) => (pageNum - 1) * pageSize

export function pageOf<T>(data: T[], total: number, { pageSize }: PageRequest): Page<T> {
  return { data, total, pages: Math.ceil(total / pageSize) }
}

/**
 * The total a page shows by itself: a page with fewer rows than asked is the last one (an empty
 * first page: nothing at all). null when it does not tell (a full page, or a page past the end).
 */
export function totalOfShortPage(rows: number, request: PageRequest): number | null {
  if (rows >= request.pageSize) return null
  if (rows === 0) return request.pageNum === 1 ? 0 : null
  return offsetOf(request) + rows
}
