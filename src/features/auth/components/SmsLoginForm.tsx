import { View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { useForm } from '../../../core/ui/useForm'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'

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
      <AtInput
        name='sms-phone'
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
          name='sms-code'
          title='验证码'
          placeholder='请输入短信验证码'
          maxlength={6}
          value={form.values.code}
          onChange={form.change('code')}
          onConfirm={submit}
        />
        <SmsCodeButton
          phone={form.values.phone}
          send={(slider) => authApi.sendSmsCode(form.values.phone.trim(), 'login', slider)}
          onPhoneError={(message) => form.fieldError('phone', message)}
        />
      </View>
      <FieldError message={form.errors.code} />
      <FieldError message={failure} />
      <Button type='primary' className='login-form__submit' loading={submitting} onClick={submit}>
        登录
      </Button>
    </View>
  )
}
