import { View } from '@tarojs/components'
import { useState } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { PASSWORD_AES_KEY } from '../../../core/config/shared'
import { encryptPassword } from '../../../core/crypto/password'
import { ApiError } from '../../../core/http/api-error'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { NewPasswordFields } from '../../../core/ui/NewPasswordFields'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { validatePasswordReset } from '../../../core/validation/rules'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

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
          <PhoneCodeFields
            form={form}
            name='reset'
            send={(phone, slider) => authApi.sendSmsCode(phone, 'forget', slider)}
          />
          <NewPasswordFields
            form={form}
            name='reset'
            title='新密码'
            placeholders={{ password: '请输入新的登录密码', again: '请再次输入新密码' }}
          />
          <FieldError message={failure} />
          <DialogActions confirmText='确定' busy={submitting} onConfirm={submit} onCancel={onClose} />
        </View>
      </AtModalContent>
    </AtModal>
  )
}
