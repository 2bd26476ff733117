import { View } from '@tarojs/components'
import { useEffect } from 'react'
import { ImageCaptchaImage } from '../../../core/ui/captcha/ImageCaptchaImage'
import { useImageCaptcha } from '../../../core/ui/captcha/useImageCaptcha'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeField } from '../../../core/ui/SmsCodeField'
import { useForm } from '../../../core/ui/useForm'
import { ACCOUNT_MSG } from '../../../core/validation/account'
import { captchaError, collectErrors, phoneError, smsCodeError } from '../../../core/validation/rules'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'

/** Image captcha type of the account pages (doc2 §5: 6 and 7 on the login and account pages). */
const CAPTCHA_TYPE = 7

const newPhoneError = (phone: string) => (phone.trim() ? phoneError(phone) : ACCOUNT_MSG.newPhoneRequired)
const codeError = (code: string) => (code.trim() ? smsCodeError(code) : ACCOUNT_MSG.smsCodeRequired)

/**
 * 修改手机号 (§5): the new phone, the image captcha, and an SMS code sent to the NEW phone after the
 * slider (resend locked 60 s). The captcha is single use: a refused change brings a new one.
 */
export function PhoneDialog({ onSaved, onClose }: { onSaved(): void; onClose(): void }) {
  const form = useForm({ phone: '', captcha: '', code: '' })
  const captcha = useImageCaptcha(CAPTCHA_TYPE)
  const change = useAccountChange('修改失败，请重试')
  const v = form.values
  const { failure } = change
  const { refresh: refreshCaptcha } = captcha
  const { set } = form

  // Captchas are single use: a refused change needs a new one (the phone and code stay).
  useEffect(() => {
    if (!failure) return
    refreshCaptcha()
    set('captcha', '')
  }, [failure, refreshCaptcha, set])

  const submit = async () => {
    const valid = form.check((values) =>
      collectErrors({
        phone: newPhoneError(values.phone),
        captcha: captchaError(values.captcha),
        code: codeError(values.code),
      }),
    )
    if (!valid) return
    const saved = await change.run(
      () =>
        accountApi.changePhone({
          bindPhone: v.phone.trim(),
          code: v.code.trim(),
          uuId: captcha.captcha?.uuid ?? '',
          verificationCode: v.captcha.trim(),
        }),
      '修改成功',
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      className='account-dialog'
      title='修改手机号'
      failure={failure}
      busy={change.submitting}
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        name='new-phone'
        type='phone'
        placeholder='请输入新手机号'
        maxLength={11}
        value={v.phone}
        onChange={form.change('phone')}
        error={form.errors.phone}
      />
      <View className='account-form__row'>
        <TextField
          name='phone-captcha'
          placeholder='请输入图形验证码'
          maxLength={4}
          value={v.captcha}
          onChange={form.change('captcha')}
        />
        <ImageCaptchaImage state={captcha} />
      </View>
      <FieldError message={form.errors.captcha} />
      <SmsCodeField
        name='phone-code'
        className='account-form__row'
        value={v.code}
        onChange={form.change('code')}
        phone={v.phone}
        send={(slider) => accountApi.sendPhoneCode(v.phone.trim(), slider)}
        checkPhone={newPhoneError}
        onPhoneError={(message) => form.fieldError('phone', message)}
      />
      <FieldError message={form.errors.code} />
    </Dialog>
  )
}
