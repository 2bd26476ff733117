// Paging constants and pure helpers for lists (spec account-area §9: page sizes 10 on PC and 5 on
// mobile, options 10/20/50/100, mobile breakpoint 750 px). usePagedList and Pager read them.
import type { Page, PageQuery } from '../contract/paging'

/** Lists switch from the desktop table to phone cards below this width (doc2 §9: 750 px). */
export const LIST_BREAKPOINT = 750
/**
 * The account area's one breakpoint (account-area §9: 768 px): the header and the account pages,
 * sub-account lists included, in markup here and in SCSS as $breakpoint-account (styles/_tokens.scss).
 */
export const ACCOUNT_BREAKPOINT = 768
export const DESKTOP_PAGE_SIZE = 10
export const MOBILE_PAGE_SIZE = 5
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const

// A page of a list and its query are declared in the contract (both ends use them).
export type { Page, PageQuery }

/** Desktop pages through the list; phones and the mini-program load more at the bottom. */
export type ListMode = 'pages' | 'more'

export function defaultPageSize(mode: ListMode): number {
  return mode === 'pages' ? DESKTOP_PAGE_SIZE : MOBILE_PAGE_SIZE
}

export function pageCount(total: number, pageSize: number): number {
  if (!total || total < 0 || pageSize <= 0) return 0
  return Math.ceil(total / pageSize)
}

/** Page numbers to show, with '…' for gaps: 1 … 4 5 6 … 12. Always the first and last page. */
export function pagerItems(current: number, pages: number, around = 1): (number | '…')[] {
  if (pages <= 0) return []
  const wanted = new Set([1, pages])
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pages) wanted.add(p)
  const sorted = [...wanted].sort((a, b) => a - b)
  const items: (number | '…')[] = []
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1]
    if (previous !== undefined && p - previous === 2) items.push(previous + 1)
    else if (previous !== undefined && p - previous > 2) items.push('…')
    items.push(p)
  })
  return items
}

/** Whether a load-more list has more to fetch after `loaded` items of page `pageNum`. */
export function hasMorePages(
  page: { total: number; pages: number },
  pageNum: number,
  loaded: number,
): boolean {
  const pages = page.pages || pageCount(page.total, 1)
  return pageNum < pages && loaded < page.total
}

/**
 * A page that came back empty although the list is not (its last rows were deleted, or the list
 * shrank): the page to show instead, or null when this one is right.
 */
export function fallbackPage(pageNum: number, page: { total: number; pages: number; data: unknown[] }) {
  if (page.data.length || pageNum <= 1 || page.total <= 0) return null
  return Math.max(1, Math.min(pageNum - 1, page.pages || 1))
}

/** Normalises what a list call returned (missing arrays or counts become empty). */
export function normalisePage<T>(page: Partial<Page<T>> | null | undefined): Page<T> {
  const data = Array.isArray(page?.data) ? page.data : []
  const total = Number(page?.total) || 0
  return { data, total, pages: Number(page?.pages) || 0 }
}
