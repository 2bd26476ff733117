import { View } from '@tarojs/components'
import { SURVEY_ITEM_TYPE, type SurveyItem } from '../../../core/contract/evaluations'

/** Types 0 and 1: the survey's main title and a sub title. */
export function SurveyHeading({ item }: { item: SurveyItem }) {
  const main = item.type === SURVEY_ITEM_TYPE.mainTitle
  return (
    <View
      role='heading'
      aria-level={main ? 1 : 2}
      className={`survey-heading survey-heading--${main ? 'main' : 'sub'} survey-item--${item.align}`}
    >
      {item.title}
      {item.explain && <View className='survey-item__explain'>{item.explain}</View>}
    </View>
  )
}
