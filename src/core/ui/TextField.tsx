import { AtInput } from 'taro-ui'
import { FieldError } from './FieldError'

interface TextFieldProps {
  name: string
  /** The label at the left of the input (its accessible name); none where a row shows placeholders only. */
  title?: string
  value: string
  /** The field's message under it; leave it out where the message sits under a whole row. */
  error?: string | null
  placeholder?: string
  disabled?: boolean
  maxLength?: number
  type?: 'text' | 'number' | 'phone' | 'password'
  onChange(value: string): void
  /** Enter in the field (submits the form). */
  onConfirm?(): void
}

/**
 * The one-line text input of every form, on both platforms: taro-ui's AtInput (its title a
 * `<label for>` on H5) with its message underneath. Features use it, never AtInput itself (lint).
 * LabelledField is the other layout: a label above an input that is not one line of text.
 */
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
  onConfirm,
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
        placeholder={placeholder ?? (title ? `请输入${title}` : undefined)}
        onChange={(typed: string | number) => onChange(String(typed))}
        onConfirm={onConfirm && (() => onConfirm())}
      />
      <FieldError message={error} />
    </>
  )
}
