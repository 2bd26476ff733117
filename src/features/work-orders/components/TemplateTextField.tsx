import { Input } from '@tarojs/components'
import { PHONE_FIELD_MAX, TEXT_MAX, type TemplateField } from '../../../core/contract/work-orders'
import { LabelledField } from '../../../core/ui/LabelledField'
import { isLongText } from '../rules'
import { CountedTextarea } from './CountedTextarea'

interface TemplateTextFieldProps {
  field: TemplateField
  value: string
  error?: string | null
  onChange(value: string): void
}

/** A typed field of the template: 500 characters (a counted box for long texts), the phone 11. */
export function TemplateTextField({ field, value, error, onChange }: TemplateTextFieldProps) {
  const { fieldCode: code, fieldName: label } = field
  const placeholder = `请输入${label}`
  return (
    <LabelledField label={label} required={field.required} error={error}>
      {isLongText(code) ? (
        <CountedTextarea
          name={code}
          label={label}
          value={value}
          placeholder={placeholder}
          onChange={onChange}
        />
      ) : (
        <Input
          name={code}
          className='wo-input'
          aria-label={label}
          value={value}
          maxlength={code === 'telPhone' ? PHONE_FIELD_MAX : TEXT_MAX}
          placeholder={placeholder}
          onInput={(e) => onChange(e.detail.value)}
        />
      )}
    </LabelledField>
  )
}
