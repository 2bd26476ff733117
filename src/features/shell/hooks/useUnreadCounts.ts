import { useCallback, useEffect, useRef, useState } from 'react'
import {
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

/**
 * Header badges: loaded on mount, refreshed every 30 s while the page is visible (paused while the tab
 * or mini-program page is hidden, at once when shown again), and at once when a page reads or deletes
 * notices (refreshUnreadCounts in core/session/unread). With `fromPage` the page's own poll loads them
 * (the home's homePoll) and the header only shows what it publishes: one call per tick in total.
 */
export function useUnreadCounts(fromPage = false): UnreadCounts {
  const [counts, setCounts] = useState<UnreadCounts>({ notices: 0, workOrders: 0 })
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
    setCounts((previous) =>
      keepIfSame(previous, {
        notices: notices.status === 'fulfilled' ? Number(notices.value) || 0 : previous.notices,
        workOrders: workOrders.status === 'fulfilled' ? Number(workOrders.value) || 0 : previous.workOrders,
      }),
    )
  }, [])
  const show = useCallback((next: UnreadCounts) => setCounts((previous) => keepIfSame(previous, next)), [])

  usePoll(load, UNREAD_REFRESH_MS, { active: !fromPage, leading: true })
  useEffect(() => (fromPage ? onUnreadCounts(show) : onUnreadCountsStale(load)), [fromPage, load, show])
  return counts
}
