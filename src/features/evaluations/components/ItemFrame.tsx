import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { SurveyItem } from '../../../core/contract/evaluations'
import { FieldError } from '../../../core/ui/FieldError'

/** One question: its title (with * when required), explanation, control and message. */
export function ItemFrame({
  item,
  error,
  children,
}: {
  item: SurveyItem
  error: string | null
  children: ReactNode
}) {
  return (
    <View className={`survey-item survey-item--${item.align}`}>
      <View className='survey-item__title'>
        {item.required && (
          <View className='survey-item__required' aria-hidden>
            *
          </View>
        )}
        {item.title}
      </View>
      {item.explain && <View className='survey-item__explain'>{item.explain}</View>}
      {children}
      <FieldError message={error} />
    </View>
  )
}
