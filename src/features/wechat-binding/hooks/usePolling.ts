// Polls while `active`, the page is shown and the browser tab visible (account-area §4: stop when
// the dialog closes, the page hides or the scene expires). The next poll is scheduled after the
// last answer, so a slow server never gets overlapping calls.
import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useDocumentVisible } from '../../../core/platform/visibility'

export function usePolling(active: boolean, intervalMs: number, poll: () => Promise<void>) {
  const [pageShown, setPageShown] = useState(true)
  useDidShow(() => setPageShown(true))
  useDidHide(() => setPageShown(false))
  const tabVisible = useDocumentVisible()
  const latest = useRef(poll)
  latest.current = poll

  const running = active && pageShown && tabVisible
  useEffect(() => {
    if (!running) return
    let alive = true
    let timer: ReturnType<typeof setTimeout>
    const next = () => {
      timer = setTimeout(async () => {
        await latest.current()
        if (alive) next()
      }, intervalMs)
    }
    next()
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [running, intervalMs])
}
