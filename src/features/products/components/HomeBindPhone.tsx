import { relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { useSession } from '../../../core/session/store'
import { authApi } from '../../auth/api'
import { BindPhoneDialog } from '../../auth/components/BindPhoneDialog'

/**
 * Home's bind-phone dialog (account-area §2 Home, §5: 请输入手机号验证码, 长度在 6个字符) for a
 * profile that arrives without a bound phone; binding stores the phone in the session's profile.
 * The guard keeps such a session on the home page only (core/routing/guard `mustLogoutForProfile`):
 * declining to bind ends it, as the guard's rule asks of a member without a phone.
 */
export function HomeBindPhone() {
  const userinfo = useSession((s) => s.userinfo)
  const setUserinfo = useSession((s) => s.setUserinfo)
  if (!userinfo || userinfo.bindPhone) return null
  const bind = async (phone: string, code: string) => {
    await authApi.bindFirstPhone({ phone, code })
    setUserinfo({ ...userinfo, bindPhone: phone })
  }
  const decline = () => {
    authApi.logout().catch(() => undefined)
    useSession.getState().clear()
    void relaunch(LOGIN_PATH)
  }
  return <BindPhoneDialog bind={bind} onCancel={decline} />
}
