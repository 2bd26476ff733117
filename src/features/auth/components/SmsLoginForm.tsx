import { View } from '@tarojs/components'
import { useState } from 'react'
import { ApiError } from '../../../core/http/api-error'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { useForm } from '../../../core/ui/useForm'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

/** Phone + SMS code (doc2 §2 Login). */
export function SmsLoginForm({ onLoggedIn }: { onLoggedIn(result: LoginResult): void }) {
  const form = useForm({ phone: '', code: '' })
  const [failure, setFailure] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const submit = async () => {
    setFailure('')
    if (!form.check(validateSmsLogin)) return
    setSubmitting(true)
    try {
      onLoggedIn(await authApi.phoneLogin(form.values.phone.trim(), form.values.code.trim()))
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '登录失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <View className='login-form' aria-label='短信登录'>
      <PhoneCodeFields
        form={form}
        name='sms'
        send={(phone, slider) => authApi.sendSmsCode(phone, 'login', slider)}
        onSubmit={submit}
      />
      <FieldError message={failure} />
      <Button type='primary' className='login-form__submit' loading={submitting} onClick={submit}>
        登录
      </Button>
    </View>
  )
}
