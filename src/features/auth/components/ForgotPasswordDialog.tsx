import { View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput, AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { PASSWORD_AES_KEY } from '../../../core/config/shared'
import { encryptPassword } from '../../../core/crypto/password'
import { ApiError } from '../../../core/http/api-error'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { validatePasswordReset } from '../../../core/validation/rules'
import { authApi } from '../api'

/** 忘记密码: phone, SMS code, new password twice; 重置成功 (doc2 §2 Login). */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const form = useForm({ phone: '', code: '', password: '', passwordAgain: '' })
  const [failure, setFailure] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const v = form.values

  const submit = async () => {
    setFailure('')
    if (!form.check(validatePasswordReset)) return
    setSubmitting(true)
    try {
      await authApi.forgetPassword({
        phone: v.phone.trim(),
        code: v.code.trim(),
        password: encryptPassword(v.password, PASSWORD_AES_KEY),
        passwordAgain: encryptPassword(v.passwordAgain, PASSWORD_AES_KEY),
      })
      toast.success('重置成功')
      onClose()
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '重置失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AtModal isOpened={open} onClose={onClose} className='auth-dialog'>
      <AtModalHeader>找回密码</AtModalHeader>
      <AtModalContent>
        <View aria-label='找回密码'>
          <AtInput
            name='reset-phone'
            title='手机号'
            type='phone'
            placeholder='请输入手机号'
            maxlength={11}
            value={v.phone}
            onChange={form.change('phone')}
          />
          <FieldError message={form.errors.phone} />
          <View className='login-form__row'>
            <AtInput
              name='reset-code'
              title='验证码'
              placeholder='短信验证码'
              maxlength={6}
              value={v.code}
              onChange={form.change('code')}
            />
            <SmsCodeButton
              phone={v.phone}
              send={(slider) => authApi.sendSmsCode(v.phone.trim(), 'forget', slider)}
              onPhoneError={(message) => form.fieldError('phone', message)}
            />
          </View>
          <FieldError message={form.errors.code} />
          <AtInput
            name='reset-password'
            title='新密码'
            type='password'
            placeholder='请输入新的登录密码'
            value={v.password}
            onChange={form.change('password')}
          />
          <FieldError message={form.errors.password} />
          <AtInput
            name='reset-password-again'
            title='确认密码'
            type='password'
            placeholder='请再次输入新密码'
            value={v.passwordAgain}
            onChange={form.change('passwordAgain')}
          />
          <FieldError message={form.errors.passwordAgain} />
          <FieldError message={failure} />
          <View className='auth-dialog__actions'>
            <Button onClick={onClose}>取消</Button>
            <Button type='primary' loading={submitting} onClick={submit}>
              确定
            </Button>
          </View>
        </View>
      </AtModalContent>
    </AtModal>
  )
}
