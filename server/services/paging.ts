// Lists answer { data, total, pages } (account-area §7: messageList, getMyOperateRecordList).
import type { Page, PageQuery } from '../../src/core/contract/paging'

export type { Page }
/** What a list call asks for (the contract's PageQuery). */
export type PageRequest = PageQuery

export const offsetOf = ({ pageNum, pageSize }: PageRequest) => (pageNum - 1) * pageSize

export function pageOf<T>(data: T[], total: number, { pageSize }: PageRequest): Page<T> {
  return { data, total, pages: Math.ceil(total / pageSize) }
}
