import { View } from '@tarojs/components'
import type { SurveyItem } from '../../../core/contract/evaluations'
import { STARS, starLabel } from '../rules'

/**
 * Type 6: 1 to 5 stars, a radio group so it is announced and reachable by role. The star is drawn by
 * the stylesheet (a glyph, named by aria-label), so an empty one can be light without reading as text.
 */
export function StarRating({
  item,
  value,
  disabled,
  onChange,
}: {
  item: SurveyItem
  value: number
  disabled: boolean
  onChange(value: number): void
}) {
  return (
    <View className='survey-stars' role='radiogroup' aria-label={item.title} aria-disabled={disabled}>
      {STARS.map((stars) => (
        <View
          key={stars}
          role='radio'
          aria-checked={stars === value}
          aria-label={starLabel(stars)}
          aria-disabled={disabled}
          className={`survey-star${stars <= value ? ' survey-star--on' : ''}`}
          onClick={() => !disabled && onChange(stars)}
        />
      ))}
    </View>
  )
}
