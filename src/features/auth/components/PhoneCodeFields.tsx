import type { SolvedSlider } from '../../../core/ui/captcha/api'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeField } from '../../../core/ui/SmsCodeField'
import { TextField } from '../../../core/ui/TextField'
import type { PublicSmsPurpose } from '../../../core/contract/sms'
import { authApi } from '../api'

/** The part of a `useForm` form these fields read and write. */
interface PhoneCodeForm {
  values: { phone: string; code: string }
  errors: { phone?: string; code?: string }
  change(field: 'phone' | 'code'): (value: string) => void
  fieldError(field: 'phone', message: string): void
}

interface PhoneCodeFieldsProps {
  form: PhoneCodeForm
  /** Input names are `${name}-phone` and `${name}-code`. */
  name: string
  /**
   * What the code is for (sendSmsCode's type), or how to send it to the typed (trimmed) phone once
   * the slider is solved.
   */
  send: PublicSmsPurpose | ((phone: string, slider: SolvedSlider) => Promise<unknown>)
  onSubmit?(): void
}

/** Phone, SMS code and 获取验证码, with their messages: shared by every SMS form. */
export function PhoneCodeFields({ form, name, send, onSubmit }: PhoneCodeFieldsProps) {
  const { phone, code } = form.values
  const sendTo = (target: string, slider: SolvedSlider) =>
    typeof send === 'string' ? authApi.sendSmsCode(target, send, slider) : send(target, slider)
  return (
    <>
      <TextField
        name={`${name}-phone`}
        title='手机号'
        type='phone'
        placeholder='请输入手机号'
        maxLength={11}
        value={phone}
        onChange={form.change('phone')}
        error={form.errors.phone}
      />
      <SmsCodeField
        name={`${name}-code`}
        className='login-form__row'
        title='验证码'
        value={code}
        onChange={form.change('code')}
        onConfirm={onSubmit}
        phone={phone}
        send={(slider) => sendTo(phone.trim(), slider)}
        onPhoneError={(message) => form.fieldError('phone', message)}
      />
      <FieldError message={form.errors.code} />
    </>
  )
}
