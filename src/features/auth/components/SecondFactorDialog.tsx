import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { secondFactorCodeError, TRUSTED_DEVICE_DAYS } from '../../../core/contract/second-factor'
import { Checkbox } from '../../../core/ui/Checkbox'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'
import { useSubmit } from '../../../core/ui/useSubmit'
import { authApi } from '../api'

interface SecondFactorDialogProps {
  /** The login waiting for this step. */
  token: string
  onVerified(): void
  onCancel(): void
}

const TRUST_LABEL = `在此设备${TRUSTED_DEVICE_DAYS}天内不再验证`

/**
 * 二次验证 after the password or SMS step: the app's 6-digit code, or one recovery code (usable
 * once) when the phone is not at hand. The server's refusal shows under the field; the text stays.
 */
export function SecondFactorDialog({ token, onVerified, onCancel }: SecondFactorDialogProps) {
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState('')
  const [trustDevice, setTrustDevice] = useState(false)
  const verify = useSubmit({ fallback: '验证失败，请重试' })

  const switchMode = () => {
    setRecovery(!recovery)
    setCode('')
    setCodeError('')
    verify.reset()
  }

  const submit = () => {
    const error = secondFactorCodeError(code, recovery)
    setCodeError(error)
    if (error) return
    void verify.run(async () => {
      await authApi.verifySecondFactor(token, { code: code.trim(), trustDevice })
      onVerified()
    })
  }

  return (
    <Dialog
      title='二次验证'
      className='auth-dialog'
      note={
        recovery
          ? '请输入一个未使用过的恢复码，每个恢复码只能使用一次。'
          : '请输入身份验证器App中显示的6位动态验证码。'
      }
      failure={verify.failure}
      busy={verify.busy}
      confirmText='验证'
      onConfirm={submit}
      onClose={onCancel}
    >
      <TextField
        name={recovery ? 'second-factor-recovery' : 'second-factor-code'}
        title={recovery ? '恢复码' : '动态验证码'}
        type={recovery ? 'text' : 'number'}
        placeholder={recovery ? '请输入恢复码' : '请输入6位动态验证码'}
        maxLength={recovery ? 9 : 6}
        value={code}
        onChange={(typed) => {
          setCode(typed)
          setCodeError('')
          verify.reset()
        }}
        onConfirm={submit}
        error={codeError}
      />
      <View className='second-factor-login__options'>
        <Checkbox checked={trustDevice} label={TRUST_LABEL} onChange={setTrustDevice} />
        <Text onClick={() => setTrustDevice(!trustDevice)}>{TRUST_LABEL}</Text>
      </View>
      <View className='login-form__link' role='button' onClick={switchMode}>
        {recovery ? '使用动态验证码' : '使用恢复码'}
      </View>
    </Dialog>
  )
}
