import { useCallback, useEffect, useRef, useState } from 'react'
import {
  keepUnreadCounts,
  keptUnreadCounts,
  onUnreadCounts,
  onUnreadCountsStale,
  UNREAD_REFRESH_MS,
  type UnreadCounts,
} from '../../../core/session/unread'
import { usePoll } from '../../../core/ui/usePoll'
import { shellApi } from '../api'

export { UNREAD_REFRESH_MS, type UnreadCounts }

/** Unchanged badges keep the state they had, so a refresh that changes nothing renders nothing. */
const keepIfSame = (previous: UnreadCounts, next: UnreadCounts): UnreadCounts =>
  previous.notices === next.notices && previous.workOrders === next.workOrders ? previous : next

/** The badges a header starts from: those last loaded in this session, else none. */
const startingCounts = (): UnreadCounts => keptUnreadCounts() ?? { notices: 0, workOrders: 0 }

/**
 * Header badges: loaded on mount, refreshed every 30 s while the page is visible (paused while the tab
 * or mini-program page is hidden, at once when shown again), and at once when a page reads or deletes
 * notices (refreshUnreadCounts in core/session/unread). A header starts from the counts last loaded
 * in this session (another page's header, the home's poll), so moving between pages shows them at
 * once rather than popping them in, and an answer that confirms them renders nothing. With `fromPage`
 * the page's own poll loads them (the home's homePoll) and the header only shows what it publishes:
 * one call per tick in total.
 */
export function useUnreadCounts(fromPage = false): UnreadCounts {
  const [counts, setCounts] = useState<UnreadCounts>(startingCounts)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => void (alive.current = false)
  }, [])

  const load = useCallback(async () => {
    const [notices, workOrders] = await Promise.allSettled([
      shellApi.unreadNoticeCount(),
      shellApi.unreadWorkOrderRecordCount(),
    ])
    if (!alive.current) return
    const loadedNotices = notices.status === 'fulfilled' ? Number(notices.value) || 0 : null
    const loadedWorkOrders = workOrders.status === 'fulfilled' ? Number(workOrders.value) || 0 : null
    // Only a whole answer is kept: the next page starts from what the server said.
    if (loadedNotices !== null && loadedWorkOrders !== null)
      keepUnreadCounts({ notices: loadedNotices, workOrders: loadedWorkOrders })
    setCounts((previous) =>
      keepIfSame(previous, {
        notices: loadedNotices ?? previous.notices,
        workOrders: loadedWorkOrders ?? previous.workOrders,
      }),
    )
  }, [])
  const show = useCallback((next: UnreadCounts) => setCounts((previous) => keepIfSame(previous, next)), [])

  usePoll(load, UNREAD_REFRESH_MS, { active: !fromPage, leading: true })
  useEffect(() => (fromPage ? onUnreadCounts(show) : onUnreadCountsStale(load)), [fromPage, load, show])
  return counts
}
