import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { useForm } from '../../../core/ui/useForm'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

interface BindPhoneDialogProps {
  /** Binds the phone (per login way) and finishes the login. */
  bind(phone: string, code: string): Promise<void>
  onCancel(): void
}

/** 绑定手机: a WeChat login whose member has no phone yet (doc2 §2 Login, §4). */
export function BindPhoneDialog({ bind, onCancel }: BindPhoneDialogProps) {
  const form = useForm({ phone: '', code: '' })
  const [failure, setFailure] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const submit = async () => {
    setFailure('')
    if (!form.check(validateSmsLogin)) return
    setSubmitting(true)
    try {
      await bind(form.values.phone.trim(), form.values.code.trim())
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '绑定失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AtModal isOpened onClose={onCancel} className='auth-dialog'>
      <AtModalHeader>绑定手机号</AtModalHeader>
      <AtModalContent>
        <View aria-label='绑定手机号'>
          <Text className='auth-dialog__note'>为了您的账号安全，请绑定手机号后继续使用。</Text>
          <PhoneCodeFields
            form={form}
            name='bind'
            send={(phone, slider) => authApi.sendBindPhoneCode(phone, slider)}
          />
          <FieldError message={failure} />
          <DialogActions confirmText='绑定' busy={submitting} onConfirm={submit} onCancel={onCancel} />
        </View>
      </AtModalContent>
    </AtModal>
  )
}
