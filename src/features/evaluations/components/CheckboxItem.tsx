import { View } from '@tarojs/components'
import type { SurveyItem } from '../../../core/contract/evaluations'

/** Type 3: any options of `data`, kept in their listed order. */
export function CheckboxItem({
  item,
  value,
  disabled,
  onChange,
}: {
  item: SurveyItem
  value: string[]
  disabled: boolean
  onChange(value: string[]): void
}) {
  const toggle = (option: string) => {
    const next = value.includes(option) ? value.filter((v) => v !== option) : [...value, option]
    onChange(item.data.filter((o) => next.includes(o)))
  }
  return (
    <View className='survey-choices' role='group' aria-label={item.title}>
      {item.data.map((option) => {
        const checked = value.includes(option)
        return (
          <View
            key={option}
            role='checkbox'
            aria-label={option}
            aria-checked={checked}
            aria-disabled={disabled}
            className={`survey-choice${checked ? ' survey-choice--checked' : ''}`}
            onClick={() => !disabled && toggle(option)}
          >
            <View className='survey-choice__mark' aria-hidden>
              {checked ? '✓' : ''}
            </View>
            {option}
          </View>
        )
      })}
    </View>
  )
}
