import { View } from '@tarojs/components'
import { useState } from 'react'
import { PASSWORD_AES_KEY } from '../../../core/config/shared'
import { encryptPassword } from '../../../core/crypto/password'
import { errorMessage } from '../../../core/http/api-error'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { ImageCaptchaImage } from '../../../core/ui/captcha/ImageCaptchaImage'
import { TextField } from '../../../core/ui/TextField'
import { useImageCaptcha } from '../../../core/ui/captcha/useImageCaptcha'
import { useSubmit } from '../../../core/ui/useSubmit'
import { MSG } from '../../../core/validation/messages'
import {
  validatePasswordLogin,
  type FieldErrors,
  type PasswordLoginForm as Form,
} from '../../../core/validation/rules'
import { authApi } from '../api'

/** Image captcha type of the password-login form (doc2 §7: type 6). */
const LOGIN_CAPTCHA_TYPE = 6

/** Account (phone or member account) + password + image captcha (doc2 §2 Login, §5). */
export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn(result: LoginResult): void }) {
  const [form, setForm] = useState<Form>({ account: '', password: '', captcha: '' })
  const [errors, setErrors] = useState<FieldErrors<keyof Form>>({})
  const login = useSubmit({ fallback: '登录失败，请重试' })
  const captcha = useImageCaptcha(LOGIN_CAPTCHA_TYPE)

  const change = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = () => {
    const found = validatePasswordLogin(form)
    setErrors(found)
    login.reset()
    if (Object.keys(found).length || !captcha.captcha) return
    const uuId = captcha.captcha.uuid
    void login.run(async () => {
      try {
        onLoggedIn(
          await authApi.loginByPassword({
            phone: form.account.trim(),
            password: encryptPassword(form.password, PASSWORD_AES_KEY),
            uuId,
            verificationCode: form.captcha.trim(),
          }),
        )
      } catch (error) {
        // The captcha was used up by this attempt; what the user typed elsewhere stays.
        setForm((current) => ({ ...current, captcha: '' }))
        captcha.refresh()
        if (errorMessage(error, '') !== MSG.captchaWrong) throw error
        setErrors({ captcha: MSG.captchaWrong })
      }
    })
  }

  return (
    <View className='login-form' aria-label='账号密码登录'>
      <TextField
        name='account'
        title='账号'
        placeholder='请输入手机号或账号'
        value={form.account}
        onChange={change('account')}
        error={errors.account}
      />
      <TextField
        name='password'
        title='密码'
        type='password'
        placeholder='请输入登录密码'
        value={form.password}
        onChange={change('password')}
        error={errors.password}
      />
      <View className='login-form__captcha'>
        <TextField
          name='captcha'
          title='验证码'
          placeholder='图形验证码'
          maxLength={6}
          value={form.captcha}
          onChange={change('captcha')}
          onConfirm={submit}
        />
        <ImageCaptchaImage state={captcha} />
      </View>
      <FieldError message={errors.captcha} />
      <FieldError message={login.failure} />
      <Button
        type='primary'
        className='login-form__submit'
        loading={login.busy}
        disabled={login.busy}
        onClick={submit}
      >
        登录
      </Button>
    </View>
  )
}
