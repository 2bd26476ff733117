// Polls the order's payment status every 2 s (doc2 §2, §9) while `active` and the page visible;
// calls onPaid once. core/ui usePoll schedules each poll after the last answer (no overlapping calls).
import { useRef, useState } from 'react'
import { usePoll } from '../../../core/ui/usePoll'
import { paymentApi } from '../api'
import { STATUS_POLL_MS } from '../rules'

export function usePaidWatch(orderCode: string, active: boolean, onPaid: () => void) {
  const paid = useRef(onPaid)
  paid.current = onPaid
  const [seenPaid, setSeenPaid] = useState<string | null>(null)
  const watched = useRef(orderCode)
  watched.current = orderCode
  usePoll(
    async () => {
      const code = orderCode
      const isPaid = await paymentApi.isPaid(code).catch(() => false)
      if (!isPaid || watched.current !== code) return
      setSeenPaid(code)
      paid.current()
    },
    STATUS_POLL_MS,
    { active: active && seenPaid !== orderCode },
  )
}
