import { Input, Textarea } from '@tarojs/components'
import { SURVEY_ITEM_TYPE, type SurveyItem } from '../../../core/contract/evaluations'
import { EVALUATION_MSG, TEXT_MAX } from '../../../core/validation/evaluations'

/** Types 4 (one line) and 5 (a paragraph); placeholder 请输入 (doc2 §5). */
export function TextItem({
  item,
  name,
  value,
  disabled,
  onChange,
}: {
  item: SurveyItem
  name: string
  value: string
  disabled: boolean
  onChange(value: string): void
}) {
  const common = {
    name,
    value,
    disabled,
    'aria-label': item.title,
    // Read-only, an empty answer says it was left empty rather than showing a blank box.
    placeholder: disabled ? EVALUATION_MSG.unanswered : EVALUATION_MSG.placeholder,
    onInput: (e: { detail: { value: string } }) => onChange(e.detail.value),
  }
  return item.type === SURVEY_ITEM_TYPE.textarea ? (
    <Textarea {...common} className='survey-text survey-text--area' maxlength={TEXT_MAX[5]} />
  ) : (
    <Input {...common} className='survey-text' maxlength={TEXT_MAX[4]} />
  )
}
