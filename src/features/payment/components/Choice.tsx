import { View } from '@tarojs/components'

interface ChoiceProps<T extends string | number> {
  label: string
  options: readonly { id: T; label: string }[]
  value: T
  onChange(value: T): void
}

/** A row of mutually exclusive chips (payment type, provider, buy cycle) with radio semantics. */
export function Choice<T extends string | number>({ label, options, value, onChange }: ChoiceProps<T>) {
  return (
    <View className='pay-choice' role='radiogroup' aria-label={label}>
      {options.map((option) => (
        <View
          key={option.id}
          role='radio'
          aria-checked={option.id === value}
          className={`pay-choice__item${option.id === value ? ' pay-choice__item--on' : ''}`}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </View>
      ))}
    </View>
  )
}
