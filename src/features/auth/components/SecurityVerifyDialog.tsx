import { SmsVerifyDialog } from '../../../core/ui/SmsVerifyDialog'
import { authApi } from '../api'

interface SecurityVerifyDialogProps {
  /** The login waiting for this step. */
  token: string
  maskedPhone: string
  onVerified(): void
  onCancel(): void
}

/** 安全验证: an SMS to the bound phone after a password login from a new address (doc2 §4 Login). */
export function SecurityVerifyDialog({
  token,
  maskedPhone,
  onVerified,
  onCancel,
}: SecurityVerifyDialogProps) {
  return (
    <SmsVerifyDialog
      className='auth-dialog'
      note={`您正在从新的地址登录，为保障账号安全，请输入发送到 ${maskedPhone} 的短信验证码。`}
      name='verify-code'
      placeholder='短信验证码'
      token={token}
      send={(slider) => authApi.sendVerificationSms(token, slider)}
      confirm={(code) => authApi.confirmVerification(token, code)}
      onVerified={onVerified}
      onCancel={onCancel}
    />
  )
}
