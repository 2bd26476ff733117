import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { PASSWORD_AES_KEY } from '../../../core/config/shared'
import { encryptPassword } from '../../../core/crypto/password'
import { ApiError } from '../../../core/http/api-error'
import { navigateTo } from '../../../core/routing/navigate'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { NewPasswordFields } from '../../../core/ui/NewPasswordFields'
import { useForm } from '../../../core/ui/useForm'
import { REFERRAL_CODE_MAX, validateRegistration } from '../../../core/validation/rules'
import { REGISTRATION_AGREEMENTS } from '../agreements'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

/** Registration by phone (doc2 §2 Login, §5): code, password twice, optional referral, agreement. */
export function RegisterPhoneForm({ onRegistered }: { onRegistered(result: LoginResult): void }) {
  const form = useForm({
    phone: '',
    code: '',
    password: '',
    passwordAgain: '',
    referralCode: '',
    agreed: false,
  })
  const [failure, setFailure] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const v = form.values

  const submit = async () => {
    setFailure('')
    if (!form.check(validateRegistration)) return
    setSubmitting(true)
    try {
      const result = await authApi.registerByPhone({
        phone: v.phone.trim(),
        code: v.code.trim(),
        password: encryptPassword(v.password, PASSWORD_AES_KEY),
        passwordAgain: encryptPassword(v.passwordAgain, PASSWORD_AES_KEY),
        referralCode: v.referralCode.trim(),
        agreed: v.agreed,
      })
      onRegistered(result)
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '注册失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <View className='login-form' aria-label='手机号注册'>
      <PhoneCodeFields
        form={form}
        name='reg'
        send={(phone, slider) => authApi.sendSmsCode(phone, 'register', slider)}
      />
      <NewPasswordFields
        form={form}
        name='reg'
        title='登录密码'
        placeholders={{ password: '8位以上，含大小写字母、数字、符号中的三种', again: '请再次输入登录密码' }}
      />
      <AtInput
        name='reg-referral'
        title='推荐码'
        placeholder='选填'
        maxlength={REFERRAL_CODE_MAX}
        value={v.referralCode}
        onChange={form.change('referralCode')}
      />
      <FieldError message={form.errors.referralCode} />
      <View className='login-form__agreement'>
        <View
          className={`agreement-check ${v.agreed ? 'agreement-check--checked' : ''}`}
          role='checkbox'
          aria-checked={v.agreed}
          aria-label='我已阅读并同意协议'
          onClick={() => form.set('agreed', !v.agreed)}
        />
        <Text onClick={() => form.set('agreed', !v.agreed)}>我已阅读并同意</Text>
        {REGISTRATION_AGREEMENTS.map((a) => (
          <Text
            key={a.name}
            className='login-form__link'
            onClick={() => navigateTo(`/agreement?name=${a.name}`)}
          >
            《{a.title}》
          </Text>
        ))}
      </View>
      <FieldError message={form.errors.agreed} />
      <FieldError message={failure} />
      <Button type='primary' className='login-form__submit' loading={submitting} onClick={submit}>
        注册
      </Button>
    </View>
  )
}
