import { postLoginTarget } from '../../core/routing/guard'
import { currentDestination, relaunch } from '../../core/routing/navigate'
import { currentOrigin } from '../../core/platform/env'
import { useSessionFlags } from '../../core/session/flags'
import { useSession, type LoginResult } from '../../core/session/store'
import { toast } from '../../core/ui/toast'

/** Stores the new session and continues to `redirect` / `url` or /index (doc2 §2 Login). */
export function completeLogin(result: LoginResult, loginSource: string, message = '登录成功') {
  useSession.getState().signIn(result)
  useSessionFlags.getState().setLoginSource(loginSource)
  toast.success(message)
  relaunch(postLoginTarget(currentDestination().query, currentOrigin()))
}
