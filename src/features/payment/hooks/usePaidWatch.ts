// Polls the order's payment status every 2 s (doc2 §2, §9) while `active`; calls onPaid once.
// Each poll is scheduled after the last answer, so a slow server never gets overlapping calls.
import { useEffect, useRef } from 'react'
import { paymentApi } from '../api'
import { STATUS_POLL_MS } from '../rules'

export function usePaidWatch(orderCode: string, active: boolean, onPaid: () => void) {
  const paid = useRef(onPaid)
  paid.current = onPaid
  useEffect(() => {
    if (!active) return
    let alive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      const isPaid = await paymentApi.isPaid(orderCode).catch(() => false)
      if (!alive) return
      if (isPaid) paid.current()
      else timer = setTimeout(poll, STATUS_POLL_MS)
    }
    timer = setTimeout(poll, STATUS_POLL_MS)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [orderCode, active])
}
