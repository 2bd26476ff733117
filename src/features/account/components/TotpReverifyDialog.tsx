import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { REVERIFY_TOTP_REQUIRED } from '../../../core/contract/fresh-session'
import { secondFactorCodeError } from '../../../core/contract/second-factor'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { useSubmit } from '../../../core/ui/useSubmit'
import { operationProtectionApi } from '../operation-protection-api'

/**
 * 安全验证 with the authenticator app (操作保护 set to it): a current 6-digit code makes the session
 * fresh again. A wrong code is shown under the field, which keeps what was typed.
 */
export function TotpReverifyDialog({ onVerified, onCancel }: { onVerified(): void; onCancel(): void }) {
  const [code, setCode] = useState('')
  const verify = useSubmit({ fallback: '验证失败，请重试' })

  const submit = () => {
    const invalid = secondFactorCodeError(code)
    if (invalid) return verify.setFailure(invalid)
    void verify.run(async () => {
      await operationProtectionApi.reverifyTotp(code.trim())
      onVerified()
    })
  }

  return (
    <Dialog
      title='安全验证'
      className='account-dialog'
      note={`${REVERIFY_TOTP_REQUIRED}。`}
      busy={verify.busy}
      onConfirm={submit}
      onClose={onCancel}
    >
      <AtInput
        name='reverify-totp-code'
        title='动态验证码'
        type='number'
        placeholder='请输入6位动态验证码'
        maxlength={6}
        value={code}
        onChange={(typed: string | number) => {
          setCode(String(typed))
          verify.reset()
        }}
      />
      <FieldError message={verify.failure} />
    </Dialog>
  )
}
