import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput, AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { useForm } from '../../../core/ui/useForm'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'

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
          <AtInput
            name='bind-phone'
            title='手机号'
            type='phone'
            placeholder='请输入手机号'
            maxlength={11}
            value={form.values.phone}
            onChange={form.change('phone')}
          />
          <FieldError message={form.errors.phone} />
          <View className='login-form__row'>
            <AtInput
              name='bind-code'
              title='验证码'
              placeholder='短信验证码'
              maxlength={6}
              value={form.values.code}
              onChange={form.change('code')}
            />
            <SmsCodeButton
              phone={form.values.phone}
              send={(slider) => authApi.sendBindPhoneCode(form.values.phone.trim(), slider)}
              onPhoneError={(message) => form.fieldError('phone', message)}
            />
          </View>
          <FieldError message={form.errors.code} />
          <FieldError message={failure} />
          <View className='auth-dialog__actions'>
            <Button onClick={onCancel}>取消</Button>
            <Button type='primary' loading={submitting} onClick={submit}>
              绑定
            </Button>
          </View>
        </View>
      </AtModalContent>
    </AtModal>
  )
}
