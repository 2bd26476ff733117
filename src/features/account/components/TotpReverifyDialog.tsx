import { useState } from 'react'
import { REVERIFY_TOTP_REQUIRED } from '../../../core/contract/fresh-session'
import { secondFactorCodeError } from '../../../core/contract/second-factor'
import { Dialog } from '../../../core/ui/Dialog'
import { useSubmit } from '../../../core/ui/useSubmit'
import { operationProtectionApi } from '../operation-protection-api'
import { TotpCodeField } from './TotpCodeField'

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
      <TotpCodeField
        name='reverify-totp-code'
        value={code}
        error={verify.failure}
        onChange={(typed) => {
          setCode(typed)
          verify.reset()
        }}
      />
    </Dialog>
  )
}
