// After a purchase (/index?orderCode=): a bar filling 2% a second for 50 s while
// selectBusinessIsOpen is asked every 3 s; the list reloads once the business is open, or when 50 s
// have passed (it is then still opening). Paused while the page or its browser tab is hidden
// (account-area §4, §9; core/ui usePoll).
import { useEffect, useRef, useState } from 'react'
import { usePageVisible, usePoll } from '../../../core/ui/usePoll'
import { productApi } from '../api'
import { OPENING_POLL_SECONDS, openingPercent, openingPhase, type OpeningPhase } from '../rules'

export interface OpeningProgress {
  phase: OpeningPhase
  percent: number
}

export function useOpeningProgress(
  orderCode: string | undefined,
  onSettled: () => void,
): OpeningProgress | null {
  const [elapsed, setElapsed] = useState(0)
  const [open, setOpen] = useState(false)
  const shown = usePageVisible()
  const settled = useRef(onSettled)
  settled.current = onSettled

  const phase = openingPhase(elapsed, open)
  const running = Boolean(orderCode) && shown && phase === 'opening'

  // Only answers that arrive while the bar still runs count.
  const live = useRef(running)
  live.current = running
  // The bar's clock counts shown seconds only (a local timer, no call).
  useEffect(() => {
    if (!running) return
    const tick = setInterval(() => setElapsed((s) => s + 1), 1000)
    return () => clearInterval(tick)
  }, [running])
  usePoll(
    async () => {
      if (!orderCode) return
      const isOpen = await productApi.isOpen(orderCode).catch(() => false) // the next poll tries again
      if (isOpen && live.current) setOpen(true)
    },
    OPENING_POLL_SECONDS * 1000,
    { active: running },
  )

  useEffect(() => {
    if (phase !== 'opening') settled.current()
  }, [phase])

  if (!orderCode) return null
  return { phase, percent: phase === 'opened' ? 100 : openingPercent(elapsed) }
}
