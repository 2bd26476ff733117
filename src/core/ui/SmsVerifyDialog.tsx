import { View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { SMS_CODE_LENGTH, smsCodeError } from '../validation/rules'
import type { SolvedSlider } from './captcha/api'
import { Dialog } from './Dialog'
import { SmsCodeButton } from './SmsCodeButton'
import { TextField } from './TextField'
import { useSubmit } from './useSubmit'

interface SmsVerifyDialogProps {
  /** Why the code is asked and where it goes. */
  note: ReactNode
  /** The code input's name. */
  name: string
  placeholder?: string
  className?: string
  /** A login still waiting for this step: its token goes with the slider and the send. */
  token?: string
  /** Sends the code to the account's bound phone once the slider is solved. */
  send(slider: SolvedSlider): Promise<unknown>
  /** Checks the typed code with the server. */
  confirm(code: string): Promise<unknown>
  onVerified(): void
  onCancel(): void
}

/**
 * 安全验证: an SMS code to the bound phone (after a login from a new address, or before a sensitive
 * change). A refusal is shown under the code, which stays as typed.
 */
export function SmsVerifyDialog({
  note,
  name,
  placeholder = '请输入短信验证码',
  className,
  token,
  send,
  confirm,
  onVerified,
  onCancel,
}: SmsVerifyDialogProps) {
  const [code, setCode] = useState('')
  const verify = useSubmit({ fallback: '验证失败，请重试' })

  const submit = () => {
    const invalid = smsCodeError(code)
    if (invalid) return verify.setFailure(invalid)
    void verify.run(async () => {
      await confirm(code.trim())
      onVerified()
    })
  }

  return (
    <Dialog
      title='安全验证'
      note={note}
      className={className}
      failure={verify.failure}
      busy={verify.busy}
      onConfirm={submit}
      onClose={onCancel}
    >
      <View className='dialog__row'>
        <TextField
          name={name}
          title='验证码'
          placeholder={placeholder}
          maxLength={SMS_CODE_LENGTH}
          value={code}
          onChange={(value: string) => {
            setCode(value)
            verify.reset()
          }}
        />
        <SmsCodeButton phone='' skipPhoneCheck token={token} send={send} />
      </View>
    </Dialog>
  )
}
