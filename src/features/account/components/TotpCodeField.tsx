import { TextField } from '../../../core/ui/TextField'

interface TotpCodeFieldProps {
  name: string
  value: string
  /** Shown under the field; what was typed stays. */
  error: string
  /** Each keystroke: the dialog clears its errors here. */
  onChange(code: string): void
  onConfirm?(): void
}

/** The 6-digit code of the authenticator app, as every 二次验证 dialog asks for it. */
export function TotpCodeField({ name, value, error, onChange, onConfirm }: TotpCodeFieldProps) {
  return (
    <TextField
      name={name}
      title='动态验证码'
      type='number'
      placeholder='请输入6位动态验证码'
      maxLength={6}
      value={value}
      onChange={onChange}
      onConfirm={onConfirm}
      error={error}
    />
  )
}
