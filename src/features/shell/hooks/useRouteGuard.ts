// Runs the guard for the page being shown (spec account-area §2): redirects, the entry-token
// exchange (entry-link.ts: it asks before replacing another identity's session), and the
// bound-phone check for protected pages. Pages render only once allowed.
import { useDidShow } from '@tarojs/taro'
import { startTransition, useCallback, useState } from 'react'
import { decideNavigation, mustLogoutForProfile, opensWithoutWaiting } from '../../../core/routing/guard'
import { currentDestination, redirectTo, relaunch } from '../../../core/routing/navigate'
import { findRoute } from '../../../core/routing/routes'
import { sessionApi } from '../../../core/session/api'
import { endSession } from '../../../core/session/end-session'
import { useSessionFlags } from '../../../core/session/flags'
import { useSession } from '../../../core/session/store'
import { enterWithLink } from '../entry-link'

export { WORK_ORDER_SOURCE } from '../entry-link'

/** `?showHead=0` (or false) hides the common header for the rest of the browser session. */
function applyHeaderFlag(query: Record<string, string>) {
  if (query.showHead === undefined) return
  useSessionFlags.getState().setShowHead(!['0', 'false'].includes(query.showHead))
}

/** Loads (or refreshes) the profile; false when the session must end for want of a bound phone. */
async function confirmProfile(path: string): Promise<boolean> {
  const session = useSession.getState()
  const load = sessionApi.personalInfo().then((info) => {
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

const endForMissingPhone = () => endSession()

export interface GuardState {
  allowed: boolean
  /** Not allowed yet, and waiting for an answer (the profile, an entry link): show that it loads. */
  waiting: boolean
}

/** `askToSwitch`: the question before an entry link replaces another identity's session. */
export function useRouteGuard(askToSwitch: () => Promise<boolean>): GuardState {
  const [allowed, setAllowed] = useState(false)
  const [atOnce] = useState(() => opensWithoutWaiting(currentDestination(), useSession.getState()))

  const check = useCallback(async () => {
    // The page's first render is a transition: React splits it into short tasks.
    const allow = () => startTransition(() => setAllowed(true))
    const to = currentDestination()
    applyHeaderFlag(to.query)
    const decision = decideNavigation(to, useSession.getState())
    if (decision.kind === 'redirect') return void redirectTo(decision.to)
    if (decision.kind === 'exchangeEntryToken') {
      return void relaunch(await enterWithLink(decision, askToSwitch))
    }
    if (findRoute(to.path)?.public) return allow()
    if (!(await confirmProfile(to.path))) return endForMissingPhone()
    if (useSession.getState().token) allow()
  }, [askToSwitch])

  useDidShow(() => {
    check()
  })
  return { allowed, waiting: !allowed && !atOnce }
}
