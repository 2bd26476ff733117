import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { SECOND_FACTOR_MSG, secondFactorCodeError } from '../../../core/contract/second-factor'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { secondFactorApi } from '../second-factor-api'
import { useAccountChange } from '../hooks/useAccountChange'
import { SECOND_FACTOR_TEXT } from '../second-factor-rules'

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
      <AtInput
        name='second-factor-disable-code'
        title='动态验证码'
        type='number'
        placeholder='请输入6位动态验证码'
        maxlength={6}
        value={code}
        onChange={(typed: string | number) => {
          setCode(String(typed))
          setCodeError('')
          change.setFailure('')
        }}
      />
      <FieldError message={codeError} />
    </Dialog>
  )
}
