import { View } from '@tarojs/components'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

/** Phone + SMS code (doc2 §2 Login). */
export function SmsLoginForm({ onLoggedIn }: { onLoggedIn(result: LoginResult): void }) {
  const form = useForm({ phone: '', code: '' })
  const login = useSubmit({ fallback: '登录失败，请重试' })

  const submit = () => {
    login.reset()
    if (!form.check(validateSmsLogin)) return
    void login.run(async () =>
      onLoggedIn(await authApi.phoneLogin(form.values.phone.trim(), form.values.code.trim())),
    )
  }

  return (
    <View className='login-form' aria-label='短信登录'>
      <PhoneCodeFields form={form} name='sms' send='login' onSubmit={submit} />
      <FieldError message={login.failure} />
      <Button type='primary' className='login-form__submit' loading={login.busy} onClick={submit}>
        登录
      </Button>
    </View>
  )
}
