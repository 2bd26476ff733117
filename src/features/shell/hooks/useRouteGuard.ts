// Runs the guard for the page being shown (spec account-area §2): redirects, the entry-token
// exchange, and the bound-phone check for protected pages. Pages render only once allowed.
import { useDidShow } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { errorMessage } from '../../../core/http/api-error'
import { decideNavigation, mustLogoutForProfile } from '../../../core/routing/guard'
import { currentDestination, redirectTo, relaunch } from '../../../core/routing/navigate'
import { findRoute, LOGIN_PATH } from '../../../core/routing/routes'
import { useSessionFlags } from '../../../core/session/flags'
import { useSession } from '../../../core/session/store'
import { toast } from '../../../core/ui/toast'
import { authApi } from '../../auth/api'

export const WORK_ORDER_SOURCE = 'workOrder'

/** `?showHead=0` (or false) hides the common header for the rest of the browser session. */
function applyHeaderFlag(query: Record<string, string>) {
  if (query.showHead === undefined) return
  useSessionFlags.getState().setShowHead(!['0', 'false'].includes(query.showHead))
}

/** A link to a work-order page, or a token the server issued for work orders, is a work-order login. */
async function exchangeEntryToken(entryToken: string, workOrderLogin: boolean): Promise<boolean> {
  try {
    const result = await authApi.exchangeEntryToken(entryToken)
    const workOrder = workOrderLogin || result.source === WORK_ORDER_SOURCE
    useSession.getState().signIn(result, workOrder ? WORK_ORDER_SOURCE : '')
    useSessionFlags.getState().setLoginSource(workOrder ? WORK_ORDER_SOURCE : result.source || 'entry')
    return true
  } catch (error) {
    useSession.getState().clear()
    toast.error(errorMessage(error, '登录凭证已失效，请重新登录'))
    return false
  }
}

/** Loads (or refreshes) the profile; false when the session must end for want of a bound phone. */
async function confirmProfile(path: string): Promise<boolean> {
  const session = useSession.getState()
  const load = authApi.personalInfo().then((info) => {
    if (mustLogoutForProfile(info, path)) return false
    useSession.getState().setUserinfo(info)
    return true
  })
  if (session.userinfo) {
    // Cached: show the page now, refresh in the background (the role may have changed).
    load.then((ok) => ok || endForMissingPhone()).catch(() => undefined)
    return !mustLogoutForProfile(session.userinfo, path)
  }
  return load.catch(() => true)
}

function endForMissingPhone() {
  authApi.logout().catch(() => undefined)
  useSession.getState().clear()
  relaunch(LOGIN_PATH)
}

export function useRouteGuard(): boolean {
  const [allowed, setAllowed] = useState(false)

  const check = useCallback(async () => {
    const to = currentDestination()
    applyHeaderFlag(to.query)
    const decision = decideNavigation(to, useSession.getState())
    if (decision.kind === 'redirect') return void redirectTo(decision.to)
    if (decision.kind === 'exchangeEntryToken') {
      const ok = await exchangeEntryToken(decision.entryToken, decision.workOrderLogin)
      return void relaunch(ok ? decision.continueTo : LOGIN_PATH)
    }
    if (findRoute(to.path)?.public) return setAllowed(true)
    if (!(await confirmProfile(to.path))) return endForMissingPhone()
    if (useSession.getState().token) setAllowed(true)
  }, [])

  useDidShow(() => {
    check()
  })
  return allowed
}
