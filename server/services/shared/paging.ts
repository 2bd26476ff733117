// The one paging helper of the lists: every list service reads a page with offsetOf and answers
// with pageOf (or pagesOf), { data, total, pages } (account-area §7: messageList,
// getMyOperateRecordList). The bounds are the route schemas' (routes/schemas.ts pageQuery).
import type { Page, PageQuery } from '../../../src/core/contract/paging'

export type { Page }
/** What a list call asks for (the contract's PageQuery). */
export type PageRequest = PageQuery

/** account-area §9: page sizes 10 and 5 on lists, 4 on the home, options up to 100. */
export const MAX_PAGE_SIZE = 100
/** Beyond it a page number is refused (非法参数), never an offset scan of millions of rows. */
export const MAX_PAGE_NUM = 10_000

export const offsetOf = ({ pageNum, pageSize }: PageRequest) => (pageNum - 1) * pageSize

export const pagesOf = (total: number, { pageSize }: Pick<PageRequest, 'pageSize'>) =>
  Math.ceil(total / pageSize)

export function pageOf<T>(data: T[], total: number, request: PageRequest): Page<T> {
  return { data, total, pages: pagesOf(total, request) }
}

/**
 * The total beside a page of `shown` rows: a short page tells it by itself, otherwise `count` is
 * asked. Most accounts' lists fit on their first page, which then costs one query, not two.
 */
export async function totalBeside(
  shown: number,
  request: PageRequest,
  count: () => Promise<number>,
): Promise<number> {
  return totalOfShortPage(shown, request) ?? count()
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
