import { Input, Text, Textarea, View } from '@tarojs/components'
import { FieldError } from '../../../core/ui/FieldError'
import { PHONE_FIELD_MAX, TEXT_MAX } from '../../../core/contract/work-orders'

interface FormFieldProps {
  name: string
  label: string
  required?: boolean
  value: string
  error?: string | null
  multiline?: boolean
  phone?: boolean
  onChange(value: string): void
}

/** A labelled text field of the dynamic form: required mark, 500 (phone 11) characters, its message. */
export function FormField({
  name,
  label,
  required,
  value,
  error,
  multiline,
  phone,
  onChange,
}: FormFieldProps) {
  const max = phone ? PHONE_FIELD_MAX : TEXT_MAX
  return (
    <View className='wo-field'>
      <View className='wo-field__label'>
        {required && <Text className='wo-field__required'>*</Text>}
        {label}
      </View>
      {multiline ? (
        <View className='wo-field__area'>
          <Textarea
            name={name}
            className='wo-textarea'
            aria-label={label}
            value={value}
            maxlength={max}
            placeholder={`请输入${label}`}
            onInput={(e) => onChange(e.detail.value)}
          />
          <Text className='wo-field__count'>
            {value.length}/{max}
          </Text>
        </View>
      ) : (
        <Input
          name={name}
          className='wo-input'
          aria-label={label}
          value={value}
          maxlength={max}
          placeholder={`请输入${label}`}
          onInput={(e) => onChange(e.detail.value)}
        />
      )}
      <FieldError message={error} />
    </View>
  )
}
