import { useEffect, useState } from 'react'
import { shellApi } from '../api'

export const UNREAD_REFRESH_MS = 30000

// Mounted headers' reloads: a page that reads or deletes notices asks for fresh badges at once.
const reloads = new Set<() => void>()

/** Reloads the badges of the header on screen now (after notices were read or deleted). */
export function refreshUnreadCounts() {
  reloads.forEach((reload) => reload())
}

export interface UnreadCounts {
  notices: number
  workOrders: number
}

/** Header badges: loaded on mount and refreshed every 30 s while the header is shown. */
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
    reloads.add(load)
    return () => {
      alive = false
      clearInterval(timer)
      reloads.delete(load)
    }
  }, [])
  return counts
}
