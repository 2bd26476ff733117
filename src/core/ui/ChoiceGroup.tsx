import { View } from '@tarojs/components'
import './choice-group.scss'

export interface ChoiceOption<V> {
  value: V
  label: string
}

interface ChoiceGroupProps<V> {
  /** The group's accessible name; shown above the chips in a form. */
  label: string
  options: readonly ChoiceOption<V>[]
  /** null: nothing chosen yet (a required choice the form asks for). */
  value: V | null
  onChange(value: V): void
  /**
   * 'form' (default): a labelled row of compact chips inside a dialog form. 'page': larger chips
   * under a section title of the page's own (payment type, provider, buy cycle). 'plain': chips
   * without a label of their own, the visible label being the caller's (a LabelledField, a filter
   * row, a dialog's question).
   */
  variant?: 'form' | 'page' | 'plain'
  /** Long lists (templates, orders, reasons) stack as a column. */
  column?: boolean
}

/**
 * A row of mutually exclusive chips with radio semantics: the same on H5 and in the mini-program,
 * and reachable by role. Choosing the chosen one again changes nothing.
 */
export function ChoiceGroup<V extends string | number>({
  label,
  options,
  value,
  onChange,
  variant = 'form',
  column,
}: ChoiceGroupProps<V>) {
  return (
    <View className={`choice-group choice-group--${variant}${column ? ' choice-group--column' : ''}`}>
      {variant === 'form' && <View className='choice-group__label'>{label}</View>}
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
