import { relaunch } from '../../core/routing/navigate'
import { LOGIN_PATH } from '../../core/routing/routes'
import { useSession } from '../../core/session/store'
import { authApi } from '../auth/api'

/** 退出登录: the server revokes the token; locally the session is cleared whatever it answers. */
export async function logout() {
  await authApi.logout().catch(() => undefined)
  useSession.getState().clear()
  relaunch(LOGIN_PATH)
}
