import { AtInput } from 'taro-ui'
import { FieldError } from './FieldError'

interface TextFieldProps {
  name: string
  title: string
  value: string
  error?: string
  placeholder?: string
  disabled?: boolean
  maxLength?: number
  type?: 'text' | 'number' | 'phone'
  onChange(value: string): void
}

/** A labelled input with its spec message underneath (the invoice and contract forms). */
export function TextField({
  name,
  title,
  value,
  error,
  placeholder,
  disabled,
  maxLength = 200,
  type = 'text',
  onChange,
}: TextFieldProps) {
  return (
    <>
      <AtInput
        name={name}
        title={title}
        type={type}
        value={value}
        disabled={disabled}
        maxlength={maxLength}
        placeholder={placeholder ?? `请输入${title}`}
        onChange={(v: string | number) => onChange(String(v))}
      />
      <FieldError message={error} />
    </>
  )
}
