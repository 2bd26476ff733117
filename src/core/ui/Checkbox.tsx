import { View } from '@tarojs/components'

interface CheckboxProps {
  checked: boolean
  /** Some but not all rows chosen (the select-all box). */
  mixed?: boolean
  label: string
  disabled?: boolean
  onChange(checked: boolean): void
}

/**
 * A checkbox drawn from a view with the checkbox role: the same look on H5 and weapp, no extra Taro
 * component in the first load. A click does not reach the row under it.
 */
export function Checkbox({ checked, mixed, label, disabled, onChange }: CheckboxProps) {
  const state = checked ? 'checked' : mixed ? 'mixed' : 'unchecked'
  return (
    <View
      role='checkbox'
      aria-checked={mixed && !checked ? 'mixed' : checked}
      aria-label={label}
      aria-disabled={Boolean(disabled)}
      className={`checkbox checkbox--${state}${disabled ? ' checkbox--disabled' : ''}`}
      onClick={(event) => {
        event.stopPropagation()
        if (!disabled) onChange(!checked)
      }}
    >
      <View className='checkbox__box'>{checked ? '✓' : mixed ? '–' : ''}</View>
    </View>
  )
}
