import { View } from '@tarojs/components'

export interface ChoiceOption<V> {
  value: V
  label: string
}

interface ChoicesProps<V> {
  label: string
  options: readonly ChoiceOption<V>[]
  value: V | null
  onChange(value: V): void
  /** Long lists (templates, orders, reasons) wrap as a column. */
  column?: boolean
}

/** Radio chips reachable by role, the same on H5 and in the mini-program. */
export function Choices<V extends string | number>({
  label,
  options,
  value,
  onChange,
  column,
}: ChoicesProps<V>) {
  return (
    <View className={`wo-choices${column ? ' wo-choices--column' : ''}`} role='radiogroup' aria-label={label}>
      {options.map((option) => (
        <View
          key={option.value}
          role='radio'
          aria-checked={option.value === value}
          className={`wo-choices__option${option.value === value ? ' wo-choices__option--active' : ''}`}
          onClick={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </View>
      ))}
    </View>
  )
}
