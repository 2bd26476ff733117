import { useState } from 'react'
import { useSession } from '../../../core/session/store'
import { authApi } from '../../auth/api'
import { BindPhoneDialog } from '../../auth/components/BindPhoneDialog'

/**
 * Home's bind-phone dialog (account-area §2 Home, §5: 请输入手机号验证码, 长度在 6个字符) for a
 * profile that arrives without a bound phone; binding stores the phone in the session's profile.
 */
export function HomeBindPhone() {
  const token = useSession((s) => s.token)
  const userinfo = useSession((s) => s.userinfo)
  const setUserinfo = useSession((s) => s.setUserinfo)
  const [dismissed, setDismissed] = useState(false)
  if (!userinfo || userinfo.bindPhone || dismissed) return null
  const bind = async (phone: string, code: string) => {
    await authApi.bindPhone(token, phone, code)
    setUserinfo({ ...userinfo, bindPhone: phone })
  }
  return <BindPhoneDialog bind={bind} onCancel={() => setDismissed(true)} />
}
