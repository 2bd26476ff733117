import { currentDestination, relaunch } from '../routing/navigate'
import { LOGIN_PATH } from '../routing/routes'
import { withQuery } from '../routing/url'
import { toast } from '../ui/toast'
import { useSession } from './store'

export interface LeaveOptions {
  /** Why, as a toast (a 996, the idle timeout). */
  message?: string
  /** Come back to this page after the next login (/login?redirect=…). */
  returnHere?: boolean
}

/**
 * Forgets the session here and opens /login. The server's side is endSession's (end-session.ts);
 * the request wrapper calls this alone after a 996, when the server has already dropped the token.
 */
export function leaveSession({ message, returnHere = false }: LeaveOptions = {}): void {
  const here = currentDestination()
  useSession.getState().clear()
  if (message) toast.error(message)
  void relaunch(
    returnHere ? withQuery(LOGIN_PATH, { redirect: withQuery(here.path, here.query) }) : LOGIN_PATH,
  )
}
