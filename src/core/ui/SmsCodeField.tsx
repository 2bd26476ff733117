import { View } from '@tarojs/components'
import { SMS_CODE_LENGTH } from '../validation/rules'
import { SmsCodeButton, type SmsCodeButtonProps } from './SmsCodeButton'
import { TextField } from './TextField'

interface SmsCodeFieldProps extends SmsCodeButtonProps {
  name: string
  /** The form's row class (its own layout of an input beside a button). */
  className: string
  /** The label before the input; none when the form's fields have only placeholders. */
  title?: string
  value: string
  onChange(value: string): void
  /** Enter in the field (submits the form). */
  onConfirm?(): void
}

/** The SMS code input with 获取验证码 beside it; the button's props go to SmsCodeButton. */
export function SmsCodeField({
  name,
  className,
  title,
  value,
  onChange,
  onConfirm,
  ...button
}: SmsCodeFieldProps) {
  return (
    <View className={className}>
      <TextField
        name={name}
        title={title}
        placeholder='请输入短信验证码'
        maxLength={SMS_CODE_LENGTH}
        value={value}
        onChange={onChange}
        onConfirm={onConfirm}
      />
      <SmsCodeButton {...button} />
    </View>
  )
}
