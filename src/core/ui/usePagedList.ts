// One place for a list's loading, empty, error, paging and load-more states (spec account-area §9
// page sizes). Desktop pages through a table; phones and the mini-program append pages of 5.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '../http/api-error'
import { useIsDesktop } from '../platform/viewport'
import { useShownAgain } from './useShownAgain'
import {
  defaultPageSize,
  fallbackPage,
  hasMorePages,
  LIST_BREAKPOINT,
  normalisePage,
  PAGE_SIZE_OPTIONS,
  type ListMode,
  type Page,
  type PageQuery,
} from './paging'

export const LIST_LOAD_FAILED = '加载失败，请重试'

export interface PagerState {
  pageNum: number
  pageSize: number
  total: number
  pageSizes: readonly number[]
  disabled: boolean
  onChange(pageNum: number): void
  onSizeChange(pageSize: number): void
}

export interface PagedList<T> {
  mode: ListMode
  items: T[]
  /** 'loading' only while nothing is shown yet (first load, another filter, another page). */
  status: 'loading' | 'ready' | 'error'
  /** Why the last load failed (the server's message when there is one). */
  error: string
  empty: boolean
  total: number
  /** Load-more lists: more pages exist, one is loading, the last attempt failed. */
  hasMore: boolean
  loadingMore: boolean
  loadMoreFailed: boolean
  loadMore(): void
  /**
   * Loads what is shown again (after an action changed the list, a pull-down), keeping it on screen
   * meanwhile; resolves once that load is over (never rejects: a failure is the list's state).
   */
  reload(): Promise<void>
  /** After an error: the same load again. */
  retry(): void
  pager: PagerState
}

interface State<T> {
  status: 'loading' | 'ready' | 'error'
  items: T[]
  total: number
  pages: number
  pageNum: number
  pageSize: number
  error: string
  loadingMore: boolean
  loadMoreFailed: boolean
}

interface LoadOptions {
  append?: boolean
  /** Keep the rows on screen while loading (a refresh rather than a new page). */
  keep?: boolean
}

/** Desktop table with a pager at >= 750 px; cards with load-more below it and in the mini-program. */
/** Table with pages at or above `breakpoint`, cards with 加载更多 below it. */
export function useListMode(breakpoint: number = LIST_BREAKPOINT): ListMode {
  return useIsDesktop(breakpoint) ? 'pages' : 'more'
}

export interface PagedListOptions<F> {
  mode: ListMode
  filter?: F
  /** One size for both modes (the home's 4 cards, account-area §9). */
  pageSize?: number
  /**
   * Reload, keeping the rows on screen, when the page is shown again: back from a page opened on top
   * of it (a detail whose status or unread state may have changed) or the mini-program's return from
   * the background. Not on the first show.
   */
  reloadOnShow?: boolean
  /**
   * Called with each reload() (after an action, a pull-down, shown again), so that what sits beside
   * the list (a count) loads again with it.
   */
  onReload?(): void
}

/**
 * `next`, unless it shows what `current` shows (an empty list is an empty list): then `current`
 * itself, which React skips. The first load on mount sets the state the list started with.
 */
function unlessSame<T>(current: State<T>, next: State<T>): State<T> {
  const same = (Object.keys(next) as (keyof State<T>)[]).every((key) => {
    const [a, b] = [current[key], next[key]]
    return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === 0 && b.length === 0)
  })
  return same ? current : next
}

/**
 * `fetchPage` is called with `{ ...filter, pageNum, pageSize }`. A new `filter` (compared by value)
 * or a new `mode` starts again from page 1 with that mode's page size. A fixed `pageSize` (the home's
 * 4 cards, account-area §9) replaces both modes' sizes and the pager's size options.
 */
export function usePagedList<T, F extends object = Record<string, never>>(
  fetchPage: (query: PageQuery & F) => Promise<Page<T>>,
  { mode, filter, pageSize: fixedSize, reloadOnShow = false, onReload }: PagedListOptions<F>,
): PagedList<T> {
  const firstPageSize = fixedSize ?? defaultPageSize(mode)
  const [state, setState] = useState<State<T>>(() => ({
    status: 'loading',
    items: [],
    total: 0,
    pages: 0,
    pageNum: 1,
    pageSize: firstPageSize,
    error: '',
    loadingMore: false,
    loadMoreFailed: false,
  }))
  const latest = useRef({ fetchPage, filter, state, onReload })
  latest.current = { fetchPage, filter, state, onReload }
  // Only the newest request may change the list: a slow answer for an old filter is dropped.
  const sequence = useRef(0)
  // What retry() repeats: the last page asked for, which failed.
  const attempt = useRef({ pageNum: 1, pageSize: state.pageSize })

  const load = useCallback(
    async (pageNum: number, pageSize: number, options: LoadOptions = {}): Promise<void> => {
      const id = ++sequence.current
      if (!options.append) attempt.current = { pageNum, pageSize }
      setState((s) =>
        unlessSame(
          s,
          options.append
            ? { ...s, loadingMore: true, loadMoreFailed: false }
            : {
                ...s,
                status: options.keep && s.status === 'ready' ? 'ready' : 'loading',
                items: options.keep ? s.items : [],
                pageSize,
                error: '',
                loadMoreFailed: false,
              },
        ),
      )
      try {
        const query = { ...(latest.current.filter as F), pageNum, pageSize }
        const page = normalisePage(await latest.current.fetchPage(query))
        if (id !== sequence.current) return
        const back = options.append ? null : fallbackPage(pageNum, page)
        if (back !== null) return load(back, pageSize, options)
        const show = () =>
          setState((s) => ({
            ...s,
            status: 'ready',
            items: options.append ? [...s.items, ...page.data] : page.data,
            total: page.total,
            pages: page.pages,
            pageNum,
            pageSize,
            loadingMore: false,
          }))
        // A new page renders as a transition (see useResource): its rows never block a tap. A reload
        // after an action renders with the action's end, so the old rows never show as current.
        if (options.keep) show()
        else startTransition(show)
      } catch (cause) {
        if (id !== sequence.current) return
        const error = errorMessage(cause, LIST_LOAD_FAILED)
        setState((s) =>
          options.append
            ? { ...s, loadingMore: false, loadMoreFailed: true }
            : { ...s, status: 'error', items: [], error },
        )
      }
    },
    [],
  )

  const filterKey = JSON.stringify(filter ?? {})
  useEffect(() => {
    load(1, firstPageSize)
  }, [load, mode, firstPageSize, filterKey])

  const current = () => latest.current.state
  const reload = useCallback(() => {
    latest.current.onReload?.()
    const s = latest.current.state
    // A load-more list starts again from the top: appended pages may have shifted.
    if (mode === 'more') return load(1, s.pageSize, { keep: true })
    return load(s.pageNum, s.pageSize, { keep: true })
  }, [load, mode])

  useShownAgain(() => {
    if (reloadOnShow) void reload()
  })

  const hasMore = state.status === 'ready' && hasMorePages(state, state.pageNum, state.items.length)

  return {
    mode,
    items: state.items,
    status: state.status,
    error: state.error,
    empty: state.status === 'ready' && state.items.length === 0,
    total: state.total,
    hasMore,
    loadingMore: state.loadingMore,
    loadMoreFailed: state.loadMoreFailed,
    loadMore: () => {
      const s = current()
      if (s.loadingMore || !hasMorePages(s, s.pageNum, s.items.length)) return
      load(s.pageNum + 1, s.pageSize, { append: true })
    },
    reload,
    retry: () => load(attempt.current.pageNum, attempt.current.pageSize),
    pager: {
      pageNum: state.pageNum,
      pageSize: state.pageSize,
      total: state.total,
      pageSizes: fixedSize ? [fixedSize] : PAGE_SIZE_OPTIONS,
      disabled: state.status === 'loading',
      onChange: (pageNum) => load(pageNum, current().pageSize),
      onSizeChange: (pageSize) => load(1, pageSize),
    },
  }
}
