import { RELOGIN_REQUIRED, REVERIFY_REQUIRED } from '../../../core/contract/fresh-session'
import { maskPhone } from '../../../core/format/mask'
import { endSession } from '../../../core/session/end-session'
import { useSession } from '../../../core/session/store'
import { Dialog } from '../../../core/ui/Dialog'
import { SmsVerifyDialog } from '../../../core/ui/SmsVerifyDialog'
import { accountApi } from '../api'
import { ReverifyCancelled, useReverifyRequest } from '../fresh-session'
import { TotpReverifyDialog } from './TotpReverifyDialog'
import { WechatReverifyDialog } from './WechatReverifyDialog'

/**
 * The re-verification dialog withFreshSession asks for, the way the refusal named: a code of the
 * authenticator app, a confirmation by the bound WeChat, or an SMS code (also when the server named
 * none). Mount it once on every page
 * that makes a sensitive change; its 获取验证码 uses the page frame's SliderHost. Without a bound
 * phone it offers a new login instead, coming back to this page.
 */
export function ReverifyHost() {
  const request = useReverifyRequest((s) => s.request)
  const hasPhone = useSession((s) => Boolean(s.userinfo?.bindPhone))
  if (!request) return null
  const cancel = () => request.reject(new ReverifyCancelled())
  if (request.method === 'totp') return <TotpReverifyDialog onVerified={request.resolve} onCancel={cancel} />
  if (request.method === 'wechat')
    return <WechatReverifyDialog action={request.action} onVerified={request.resolve} onCancel={cancel} />
  if (request.method === 'relogin' || !hasPhone) return <ReloginDialog onCancel={cancel} />
  return <ReverifyDialog onVerified={request.resolve} onCancel={cancel} />
}

/** Ends this session and opens /login?redirect=<this page>; the change is made again from there. */
const loginAgain = () => endSession({ returnHere: true })

function ReloginDialog({ onCancel }: { onCancel(): void }) {
  return (
    <Dialog
      title='安全验证'
      className='account-dialog'
      note={`${RELOGIN_REQUIRED}。`}
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
      note={`${REVERIFY_REQUIRED}：请输入发送到 ${maskPhone(phone)} 的短信验证码。`}
      name='reverify-code'
      send={accountApi.sendReverifyCode}
      confirm={accountApi.confirmReverify}
      onVerified={onVerified}
      onCancel={onCancel}
    />
  )
}
