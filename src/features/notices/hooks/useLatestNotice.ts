// Home polls for the newest unread notice not yet popped (account-area §2, §7: every 3 s) while the
// page is shown and the browser tab visible; the poll pauses while a popup is open.
import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useDocumentVisible } from '../../../core/platform/visibility'
import { noticeApi, type LatestNotice } from '../api'

export const LATEST_NOTICE_POLL_MS = 3000

export function useLatestNotice() {
  const [pageShown, setPageShown] = useState(true)
  useDidShow(() => setPageShown(true))
  useDidHide(() => setPageShown(false))
  const tabVisible = useDocumentVisible()
  const [notice, setNotice] = useState<LatestNotice | null>(null)
  // Popped in this visit: never shown twice, even if telling the server failed.
  const popped = useRef(new Set<number>())

  const polling = pageShown && tabVisible && !notice
  useEffect(() => {
    if (!polling) return
    let alive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const latest = await noticeApi.latest()
        if (alive && latest?.id && !popped.current.has(latest.id)) return setNotice(latest)
      } catch {
        // A failed poll is retried on the next tick.
      }
      if (alive) timer = setTimeout(poll, LATEST_NOTICE_POLL_MS)
    }
    // Each poll is scheduled after the last answer: a slow server never gets overlapping calls.
    poll()
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [polling])

  /** Closes the popup; the server is told not to pop this notice again. */
  const dismiss = () => {
    if (!notice) return
    popped.current.add(notice.id)
    noticeApi.markPopped(notice.id).catch(() => undefined)
    setNotice(null)
  }
  return { notice, dismiss }
}
