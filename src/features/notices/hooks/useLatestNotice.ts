// Home polls for the newest unread notice not yet popped (account-area §2, §7: every 3 s) while the
// page is shown and the browser tab visible; the poll pauses while a popup is open. The header's
// badges ride on the same poll (one call per tick in total): its first tick, every 30 s and after a
// page made them stale it asks homePoll (notice + both counts) instead of selectLatestNews.
import { useEffect, useRef, useState } from 'react'
import { onUnreadCountsStale, publishUnreadCounts, UNREAD_REFRESH_MS } from '../../../core/session/unread'
import { usePoll } from '../../../core/ui/usePoll'
import { noticeApi, type LatestNotice } from '../api'

export const LATEST_NOTICE_POLL_MS = 3000

/** `paused`: the page has another poll running (the home's opening progress), so this one waits. */
export function useLatestNotice(paused = false) {
  const [notice, setNotice] = useState<LatestNotice | null>(null)
  // Popped in this visit: never shown twice, even if telling the server failed.
  const popped = useRef(new Set<number>())
  // When the badges were last loaded; null: due on the next tick.
  const countsAt = useRef<number | null>(null)
  useEffect(() => onUnreadCountsStale(() => void (countsAt.current = null)), [])

  const poll = async () => {
    let latest: LatestNotice | null
    try {
      if (countsAt.current === null || Date.now() - countsAt.current >= UNREAD_REFRESH_MS) {
        const answer = await noticeApi.homePoll()
        countsAt.current = Date.now()
        publishUnreadCounts({
          notices: Number(answer.unreadNoticeCount) || 0,
          workOrders: Number(answer.unreadWorkOrderRecordCount) || 0,
        })
        latest = answer.latest
      } else {
        latest = await noticeApi.latest()
      }
    } catch {
      return // a failed poll is retried on the next tick
    }
    if (latest?.id && !popped.current.has(latest.id)) setNotice(latest)
  }
  usePoll(poll, LATEST_NOTICE_POLL_MS, { active: !notice && !paused, leading: true })

  /** Closes the popup; the server is told not to pop this notice again. */
  const dismiss = () => {
    if (!notice) return
    popped.current.add(notice.id)
    noticeApi.markPopped(notice.id).catch(() => undefined)
    setNotice(null)
  }
  return { notice, dismiss }
}
