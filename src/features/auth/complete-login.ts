import { postLoginTarget } from '../../core/routing/guard'
import { currentDestination, relaunch } from '../../core/routing/navigate'
import { currentOrigin } from '../../core/platform/env'
import { useSessionFlags } from '../../core/session/flags'
import { useSession, type LoginResult } from '../../core/session/store'
import { toast } from '../../core/ui/toast'

/** Where an account in 注销中 lands: 账户管理 shows its banner with 撤销注销. */
export const CANCELLATION_LANDING = '/accountManage'

/**
 * Stores the new session and continues to `redirect` / `url` or /index (doc2 §2 Login); an account
 * in 注销中 opens 账户管理 first, where its owner may withdraw.
 */
export function completeLogin(result: LoginResult, loginSource: string, message = '登录成功') {
  useSession.getState().signIn(result)
  useSessionFlags.getState().setLoginSource(loginSource)
  toast.success(message)
  relaunch(
    result.cancellation ? CANCELLATION_LANDING : postLoginTarget(currentDestination().query, currentOrigin()),
  )
}
