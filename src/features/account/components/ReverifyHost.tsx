import { maskPhone } from '../../../core/format/mask'
import { currentDestination, relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { withQuery } from '../../../core/routing/url'
import { useSession } from '../../../core/session/store'
import { Dialog } from '../../../core/ui/Dialog'
import { SmsVerifyDialog } from '../../../core/ui/SmsVerifyDialog'
import { authApi } from '../../auth/api'
import { accountApi } from '../api'
import { ReverifyCancelled, useReverifyRequest } from '../fresh-session'

export const REVERIFY_NOTE = '为了您的账号安全，请先完成短信验证'
/** A member without a bound phone has no SMS to re-verify with: a new login makes the session fresh. */
export const RELOGIN_NOTE = '为了您的账号安全，请重新登录后再操作'

/**
 * The re-verification dialog withFreshSession asks for. Mount it once on every page that makes a
 * sensitive change; its 获取验证码 uses the page frame's SliderHost. Without a bound phone it
 * offers a new login instead, coming back to this page.
 */
export function ReverifyHost() {
  const request = useReverifyRequest((s) => s.request)
  const hasPhone = useSession((s) => Boolean(s.userinfo?.bindPhone))
  if (!request) return null
  const cancel = () => request.reject(new ReverifyCancelled())
  if (!hasPhone) return <ReloginDialog onCancel={cancel} />
  return <ReverifyDialog onVerified={request.resolve} onCancel={cancel} />
}

/** Ends this session and opens /login?redirect=<this page>; the change is made again from there. */
export function loginAgain(): void {
  const here = currentDestination()
  authApi.logout().catch(() => undefined)
  useSession.getState().clear()
  relaunch(withQuery(LOGIN_PATH, { redirect: withQuery(here.path, here.query) }))
}

function ReloginDialog({ onCancel }: { onCancel(): void }) {
  return (
    <Dialog
      title='安全验证'
      className='account-dialog'
      note={`${RELOGIN_NOTE}。`}
      confirmText='重新登录'
      onConfirm={loginAgain}
      onClose={onCancel}
    />
  )
}

function ReverifyDialog({ onVerified, onCancel }: { onVerified(): void; onCancel(): void }) {
  const phone = useSession((s) => s.userinfo?.bindPhone ?? '')
  return (
    <SmsVerifyDialog
      className='account-dialog'
      note={`${REVERIFY_NOTE}：请输入发送到 ${maskPhone(phone)} 的短信验证码。`}
      name='reverify-code'
      send={accountApi.sendReverifyCode}
      confirm={accountApi.confirmReverify}
      onVerified={onVerified}
      onCancel={onCancel}
    />
  )
}
