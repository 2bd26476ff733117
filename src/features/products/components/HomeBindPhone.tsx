import { useState } from 'react'
import { needsReverification } from '../../../core/http/api-error'
import { endSession } from '../../../core/session/end-session'
import { useSession } from '../../../core/session/store'
import { Dialog } from '../../../core/ui/Dialog'
import { authApi } from '../../auth/api'
import { BindPhoneDialog } from './deferred'

/**
 * Home's bind-phone dialog (account-area §2 Home, §5: 请输入手机号验证码, 长度在 6个字符) for a
 * profile that arrives without a bound phone; binding stores the phone in the session's profile.
 * The guard keeps such a session on the home page only (core/routing/guard `mustLogoutForProfile`):
 * declining to bind ends it, as the guard's rule asks of a member without a phone. A first phone is a
 * new way in, so the server takes it only from a fresh session; without a phone there is no SMS to
 * re-verify with, so an older session is offered a new login that comes back here.
 */
/** The guard allows no way on without a phone, so 取消 here is a logout: say so first. */
export const CANCEL_LOGS_OUT = '取消将退出登录。'

export function HomeBindPhone() {
  const userinfo = useSession((s) => s.userinfo)
  const setUserinfo = useSession((s) => s.setUserinfo)
  const [staleMessage, setStaleMessage] = useState<string | null>(null)
  if (!userinfo || userinfo.bindPhone) return null
  if (staleMessage) {
    return (
      <Dialog
        title='绑定手机号'
        note={`${staleMessage}。`}
        confirmText='重新登录'
        onConfirm={() => endSession({ returnHere: true })}
        onClose={() => endSession()}
      />
    )
  }
  const bind = async (phone: string, code: string) => {
    try {
      await authApi.bindFirstPhone({ phone, code })
    } catch (failure) {
      if (needsReverification(failure)) return setStaleMessage(failure.message)
      throw failure
    }
    setUserinfo({ ...userinfo, bindPhone: phone })
  }
  return <BindPhoneDialog bind={bind} onCancel={() => endSession()} cancelWarning={CANCEL_LOGS_OUT} />
}
