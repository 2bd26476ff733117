import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput, AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { smsCodeError } from '../../../core/validation/rules'
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
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const submit = async () => {
    const invalid = smsCodeError(code)
    if (invalid) return setError(invalid)
    setSubmitting(true)
    try {
      await authApi.confirmVerification(token, code.trim())
      onVerified()
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '验证失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AtModal isOpened onClose={onCancel} className='auth-dialog'>
      <AtModalHeader>安全验证</AtModalHeader>
      <AtModalContent>
        <View aria-label='安全验证'>
          <Text className='auth-dialog__note'>
            您正在从新的地址登录，为保障账号安全，请输入发送到 {maskedPhone} 的短信验证码。
          </Text>
          <View className='login-form__row'>
            <AtInput
              name='verify-code'
              title='验证码'
              placeholder='短信验证码'
              maxlength={6}
              value={code}
              onChange={(value: string) => {
                setCode(value)
                setError('')
              }}
            />
            <SmsCodeButton
              phone=''
              skipPhoneCheck
              token={token}
              send={(slider) => authApi.sendVerificationSms(token, slider)}
            />
          </View>
          <FieldError message={error} />
          <DialogActions confirmText='确定' busy={submitting} onConfirm={submit} onCancel={onCancel} />
        </View>
      </AtModalContent>
    </AtModal>
  )
}
