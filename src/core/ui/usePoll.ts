// The one way to poll: every repeated call to the server goes through usePoll, so a hidden page
// (a background browser tab, a mini-program page under another or in the background) sends nothing.
import { useEffect, useRef } from 'react'
import { useDocumentVisible } from '../platform/visibility'
import { usePageShown } from './usePageShown'

/** True while the page is shown (Taro's page show/hide) and its browser tab visible. */
export function usePageVisible(): boolean {
  const shown = usePageShown()
  const tabVisible = useDocumentVisible()
  return shown && tabVisible
}

export interface PollOptions {
  /** Polls only while true (default true), and only while the page is visible. */
  active?: boolean
  /** The first call goes out at once instead of after one interval (each time polling starts). */
  leading?: boolean
}

/**
 * Calls `poll` every `intervalMs` while active and visible. The next call is scheduled after the last
 * one settles, so a slow server never gets overlapping calls (a failure is the poll's business: the
 * next tick comes all the same). Hiding the page stops it (a call in flight finishes, nothing new is
 * sent); showing it again calls at once and resumes the rhythm from there.
 */
export function usePoll(
  poll: () => unknown,
  intervalMs: number,
  { active = true, leading = false }: PollOptions = {},
) {
  const visible = usePageVisible()
  const latest = useRef(poll)
  latest.current = poll
  const hiddenMeanwhile = useRef(false)
  const inFlight = useRef<Promise<unknown> | null>(null)

  useEffect(() => {
    if (!visible) hiddenMeanwhile.current = true
  }, [visible])

  const running = active && visible
  useEffect(() => {
    if (!running) return
    let alive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = async () => {
      // A call sent before a pause is answered first: polls never overlap.
      if (inFlight.current) await inFlight.current
      if (!alive) return
      let call: Promise<unknown>
      try {
        call = Promise.resolve(latest.current()).catch(() => undefined)
      } catch {
        call = Promise.resolve()
      }
      inFlight.current = call
      await call
      if (inFlight.current === call) inFlight.current = null
      if (alive) timer = setTimeout(run, intervalMs)
    }
    const atOnce = leading || hiddenMeanwhile.current
    hiddenMeanwhile.current = false
    if (atOnce) void run()
    else timer = setTimeout(run, intervalMs)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [running, intervalMs, leading])
}
