import { useEffect, useState } from 'react'
import { onUnreadCountsStale } from '../../../core/session/unread'
import { shellApi } from '../api'

export const UNREAD_REFRESH_MS = 30000

export interface UnreadCounts {
  notices: number
  workOrders: number
}

/**
 * Header badges: loaded on mount, refreshed every 30 s while the header is shown, and at once when
 * a page reads or deletes notices (refreshUnreadCounts in core/session/unread).
 */
export function useUnreadCounts(): UnreadCounts {
  const [counts, setCounts] = useState<UnreadCounts>({ notices: 0, workOrders: 0 })
  useEffect(() => {
    let alive = true
    const load = async () => {
      const [notices, workOrders] = await Promise.allSettled([
        shellApi.unreadNoticeCount(),
        shellApi.unreadWorkOrderRecordCount(),
      ])
      if (!alive) return
      setCounts((previous) => ({
        notices: notices.status === 'fulfilled' ? Number(notices.value) || 0 : previous.notices,
        workOrders: workOrders.status === 'fulfilled' ? Number(workOrders.value) || 0 : previous.workOrders,
      }))
    }
    load()
    const timer = setInterval(load, UNREAD_REFRESH_MS)
    const stopListening = onUnreadCountsStale(load)
    return () => {
      alive = false
      clearInterval(timer)
      stopListening()
    }
  }, [])
  return counts
}
