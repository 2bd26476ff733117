import { View } from '@tarojs/components'
import { useState } from 'react'
import type { SurveyAnswer } from '../../../core/contract/evaluations'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { answerError, hasErrors, surveyErrors } from '../../../core/validation/evaluations'
import { evaluationApi } from '../api'
import { EVALUATION_MSG, initialAnswers, type SurveyView } from '../rules'
import { SurveyItemView } from './SurveyItemView'

type Shown = Extract<SurveyView, { kind: 'open' | 'submitted' }>

/**
 * The survey's items with their answers. Open: messages per item on submit, and a refused submit
 * keeps every answer and shows why under the button. Submitted: the answers read-only and 已提交.
 */
export function SurveyForm({ view, onSubmitted }: { view: Shown; onSubmitted(): Promise<void> }) {
  const { detail } = view
  const readOnly = view.kind === 'submitted'
  const [answers, setAnswers] = useState<SurveyAnswer[]>(() =>
    view.kind === 'submitted' ? view.answers : initialAnswers(detail),
  )
  const [errors, setErrors] = useState<(string | null)[]>([])
  const save = useSubmit()

  const change = (index: number, answer: SurveyAnswer) => {
    setAnswers((current) => current.map((a, i) => (i === index ? answer : a)))
    // A message goes once its item is answered; it does not appear before the next submit.
    setErrors((current) =>
      current[index]
        ? current.map((e, i) => (i === index ? answerError(detail.items[i], answer) : e))
        : current,
    )
  }

  const submit = () => {
    const found = surveyErrors(detail.items, answers)
    setErrors(found)
    if (hasErrors(found)) return
    void save.run(async () => {
      await evaluationApi.submit(detail.id, answers)
      toast.success(EVALUATION_MSG.submitted)
      await onSubmitted()
    })
  }

  return (
    <View className='survey' role='form' aria-label='评价问卷'>
      {detail.items.map((item, index) => (
        <SurveyItemView
          key={index}
          item={item}
          index={index}
          answer={answers[index] ?? null}
          error={errors[index] ?? null}
          disabled={readOnly || save.busy}
          onChange={(answer) => change(index, answer)}
        />
      ))}
      <FieldError message={save.failure} />
      <View className='survey__actions'>
        {readOnly ? (
          <Button type='primary' disabled>
            {EVALUATION_MSG.alreadySubmitted}
          </Button>
        ) : (
          <Button type='primary' loading={save.busy} onClick={submit}>
            提交
          </Button>
        )}
      </View>
    </View>
  )
}
