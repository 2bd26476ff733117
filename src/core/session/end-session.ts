// The one way a session ends: 退出登录, the idle timeout, a member without a phone, declining to bind
// one, a new login asked for by a sensitive change. (An account switch and an entry link replace the
// session instead, revoking the token they leave behind.)
import { http } from '../http/request'
import { leaveSession, type LeaveOptions } from './leave'
import { useSession } from './store'

/** GET /api/pc/logout: the server revokes the token (default: the stored one). Never throws. */
export function revokeToken(token?: string): Promise<void> {
  return http.get<null>('/api/pc/logout', undefined, { silent: true, token }).then(
    () => undefined,
    () => undefined,
  )
}

/**
 * Ends the session on the server and here, then opens /login. The revocation is sent before the
 * store forgets the token and is not awaited: the user leaves at once, offline included.
 */
export function endSession(options: LeaveOptions = {}): void {
  if (useSession.getState().token) void revokeToken()
  leaveSession(options)
}
