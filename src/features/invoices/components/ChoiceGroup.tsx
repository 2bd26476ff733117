import { View } from '@tarojs/components'
import './billing-forms.scss'

interface Choice<V> {
  value: V
  label: string
}

interface ChoiceGroupProps<V> {
  label: string
  options: readonly Choice<V>[]
  value: V
  onChange(value: V): void
}

/** A row of radio chips: the same on H5 and in the mini-program, and reachable by role. */
export function ChoiceGroup<V extends string | number>({
  label,
  options,
  value,
  onChange,
}: ChoiceGroupProps<V>) {
  return (
    <View className='choice-group'>
      <View className='choice-group__label'>{label}</View>
      <View className='choice-group__options' role='radiogroup' aria-label={label}>
        {options.map((option) => (
          <View
            key={option.value}
            role='radio'
            aria-checked={option.value === value}
            className={`choice-group__option${option.value === value ? ' choice-group__option--active' : ''}`}
            onClick={() => option.value !== value && onChange(option.value)}
          >
            {option.label}
          </View>
        ))}
      </View>
    </View>
  )
}
