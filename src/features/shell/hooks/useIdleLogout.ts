import { useEffect } from 'react'
import { relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { IDLE_CHECK_INTERVAL_MS, IDLE_LOGOUT_MESSAGE, isIdleExpired } from '../../../core/session/idle'
import { useSession } from '../../../core/session/store'
import { toast } from '../../../core/ui/toast'
import { authApi } from '../../auth/api'

/** Logs out after 30 idle minutes (checked every 2 s) unless the page is exempt. */
export function useIdleLogout(exempt: boolean) {
  useEffect(() => {
    if (exempt) return
    const timer = setInterval(() => {
      const { token, lastClickTime } = useSession.getState()
      if (!token || !isIdleExpired(lastClickTime, Date.now())) return
      // The call reads the token before the store is cleared, so the server revokes it too.
      authApi.logout().catch(() => undefined)
      useSession.getState().clear()
      toast.error(IDLE_LOGOUT_MESSAGE)
      relaunch(LOGIN_PATH)
    }, IDLE_CHECK_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [exempt])
}
