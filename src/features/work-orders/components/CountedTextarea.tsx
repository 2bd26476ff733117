import { Text, Textarea, View } from '@tarojs/components'
import { TEXT_MAX } from '../../../core/contract/work-orders'

interface CountedTextareaProps {
  name: string
  /** The accessible name (the field's label). */
  label: string
  value: string
  placeholder: string
  max?: number
  onChange(value: string): void
}

/** A work-order text box with what is typed counted against its limit (500), bottom right. */
export function CountedTextarea({
  name,
  label,
  value,
  placeholder,
  max = TEXT_MAX,
  onChange,
}: CountedTextareaProps) {
  return (
    <View className='wo-counted'>
      <Textarea
        name={name}
        className='wo-textarea'
        aria-label={label}
        value={value}
        maxlength={max}
        placeholder={placeholder}
        onInput={(e) => onChange(e.detail.value)}
      />
      <Text className='wo-counted__count'>
        {value.length}/{max}
      </Text>
    </View>
  )
}
