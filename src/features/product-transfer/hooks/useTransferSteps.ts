import { useCallback, useEffect, useState } from 'react'
import { toast } from '../../../core/ui/toast'
import {
  afterHold,
  HOLD_EXPIRED,
  holdLeft,
  productsConfirmed,
  START,
  verified,
  type TransferState,
} from '../rules'

/**
 * The transfer's step state with its clock: while step 2 is open a timer fires when the 30 s of the
 * verification are over and sends the user back to step 1 (rules.ts `afterHold`).
 */
export function useTransferSteps(now: () => number = Date.now) {
  const [state, setState] = useState<TransferState>(START)

  useEffect(() => {
    const left = holdLeft(state, now())
    if (left === null) return
    const timer = setTimeout(() => {
      setState((current) => {
        const next = afterHold(current, now())
        if (next !== current) toast.error(HOLD_EXPIRED)
        return next
      })
    }, left)
    return () => clearTimeout(timer)
  }, [state, now])

  return {
    state,
    verified: useCallback(() => setState(verified(now())), [now]),
    choose: useCallback((chosen: number[]) => setState((s) => ({ ...s, chosen })), []),
    confirmed: useCallback(() => setState(productsConfirmed), []),
    restart: useCallback(() => setState(START), []),
  }
}
