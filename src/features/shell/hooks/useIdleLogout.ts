import { useEffect } from 'react'
import { IDLE_CHECK_INTERVAL_MS, IDLE_LOGOUT_MESSAGE, isIdleExpired } from '../../../core/session/idle'
import { endSession } from '../../../core/session/end-session'
import { useSession } from '../../../core/session/store'

/** Logs out after 30 idle minutes (checked every 2 s) unless the page is exempt. */
export function useIdleLogout(exempt: boolean) {
  useEffect(() => {
    if (exempt) return
    const timer = setInterval(() => {
      const { token, lastClickTime } = useSession.getState()
      if (!token || !isIdleExpired(lastClickTime, Date.now())) return
      endSession({ message: IDLE_LOGOUT_MESSAGE })
    }, IDLE_CHECK_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [exempt])
}
