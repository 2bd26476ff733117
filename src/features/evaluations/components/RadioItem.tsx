import { View } from '@tarojs/components'
import type { SurveyItem } from '../../../core/contract/evaluations'

/** Type 2: one option of `data`. */
export function RadioItem({
  item,
  value,
  disabled,
  onChange,
}: {
  item: SurveyItem
  value: string
  disabled: boolean
  onChange(value: string): void
}) {
  return (
    <View className='survey-choices' role='radiogroup' aria-label={item.title} aria-disabled={disabled}>
      {item.data.map((option) => (
        <View
          key={option}
          role='radio'
          aria-label={option}
          aria-checked={option === value}
          aria-disabled={disabled}
          className={`survey-choice${option === value ? ' survey-choice--checked' : ''}`}
          onClick={() => !disabled && onChange(option)}
        >
          <View className='survey-choice__mark survey-choice__mark--round' aria-hidden />
          {option}
        </View>
      ))}
    </View>
  )
}
