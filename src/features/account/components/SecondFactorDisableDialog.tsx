import { useState } from 'react'
import { SECOND_FACTOR_MSG, secondFactorCodeError } from '../../../core/contract/second-factor'
import { Dialog } from '../../../core/ui/Dialog'
import { secondFactorApi } from '../second-factor-api'
import { useAccountChange } from '../hooks/useAccountChange'
import { SECOND_FACTOR_TEXT } from '../second-factor-rules'
import { TotpCodeField } from './TotpCodeField'

/** 关闭二次验证: destructive, so a current code of the app confirms it (and a fresh session). */
export function SecondFactorDisableDialog({ onDisabled, onClose }: { onDisabled(): void; onClose(): void }) {
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState('')
  const change = useAccountChange('关闭失败，请重试')

  const submit = async () => {
    const error = secondFactorCodeError(code)
    setCodeError(error)
    if (error) return
    if (await change.run(() => secondFactorApi.disable(code.trim()), SECOND_FACTOR_MSG.disabled)) onDisabled()
  }

  return (
    <Dialog
      title='关闭二次验证'
      className='account-dialog'
      note={SECOND_FACTOR_TEXT.disableNote}
      failure={change.failure}
      busy={change.submitting}
      confirmText='确认关闭'
      onConfirm={submit}
      onClose={onClose}
    >
      <TotpCodeField
        name='second-factor-disable-code'
        value={code}
        error={codeError}
        onChange={(typed) => {
          setCode(typed)
          setCodeError('')
          change.setFailure('')
        }}
      />
    </Dialog>
  )
}
