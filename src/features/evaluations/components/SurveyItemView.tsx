import { SURVEY_ITEM_TYPE as T, type SurveyAnswer, type SurveyItem } from '../../../core/contract/evaluations'
import { CheckboxItem } from './CheckboxItem'
import { ItemFrame } from './ItemFrame'
import { RadioItem } from './RadioItem'
import { StarRating } from './StarRating'
import { SurveyHeading } from './SurveyHeading'
import { TextItem } from './TextItem'

/** One survey item rendered by its type (doc2 §5). */
export function SurveyItemView({
  item,
  index,
  answer,
  error,
  disabled,
  onChange,
}: {
  item: SurveyItem
  index: number
  answer: SurveyAnswer
  error: string | null
  disabled: boolean
  onChange(answer: SurveyAnswer): void
}) {
  const control = () => {
    switch (item.type) {
      case T.radio:
        return <RadioItem item={item} value={String(answer ?? '')} disabled={disabled} onChange={onChange} />
      case T.checkbox:
        return (
          <CheckboxItem
            item={item}
            value={Array.isArray(answer) ? answer : []}
            disabled={disabled}
            onChange={onChange}
          />
        )
      case T.input:
      case T.textarea:
        return (
          <TextItem
            item={item}
            name={`survey-${index}`}
            value={typeof answer === 'string' ? answer : ''}
            disabled={disabled}
            onChange={onChange}
          />
        )
      case T.star:
        return (
          <StarRating
            item={item}
            value={typeof answer === 'number' ? answer : 0}
            disabled={disabled}
            onChange={onChange}
          />
        )
      default:
        return null
    }
  }
  if (item.type === T.mainTitle || item.type === T.subTitle) return <SurveyHeading item={item} />
  return (
    <ItemFrame item={item} error={error}>
      {control()}
    </ItemFrame>
  )
}
