import { Text, View } from '@tarojs/components'
import { navigateTo } from '../../../core/routing/navigate'
import type { LoginResult } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { NewPasswordFields } from '../../../core/ui/NewPasswordFields'
import { TextField } from '../../../core/ui/TextField'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { REFERRAL_CODE_MAX, validateRegistration } from '../../../core/validation/rules'
import { agreementPath } from '../../../core/agreements/agreements'
import { REGISTRATION_AGREEMENTS } from '../agreements'
import { authApi } from '../api'
import { encryptedPasswords } from '../passwords'
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
  const register = useSubmit({ fallback: '注册失败，请重试' })
  const v = form.values

  const submit = () => {
    register.reset()
    if (!form.check(validateRegistration)) return
    void register.run(async () =>
      onRegistered(
        await authApi.registerByPhone({
          ...encryptedPasswords(v),
          phone: v.phone.trim(),
          code: v.code.trim(),
          referralCode: v.referralCode.trim(),
          agreed: v.agreed,
        }),
      ),
    )
  }

  return (
    <View className='login-form' aria-label='手机号注册'>
      <PhoneCodeFields form={form} name='reg' send='register' />
      <NewPasswordFields
        form={form}
        name='reg'
        title='登录密码'
        placeholders={{ password: '8位以上，含大小写字母、数字、符号中的三种', again: '请再次输入登录密码' }}
      />
      <TextField
        name='reg-referral'
        title='推荐码'
        placeholder='选填'
        maxLength={REFERRAL_CODE_MAX}
        value={v.referralCode}
        onChange={form.change('referralCode')}
        error={form.errors.referralCode}
      />
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
          <Text key={a.name} className='login-form__link' onClick={() => navigateTo(agreementPath(a.name))}>
            《{a.title}》
          </Text>
        ))}
      </View>
      <FieldError message={form.errors.agreed} />
      <FieldError message={register.failure} />
      <Button type='primary' className='login-form__submit' loading={register.busy} onClick={submit}>
        注册
      </Button>
    </View>
  )
}
