import { View } from '@tarojs/components'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { evaluationApi } from '../api'
import { EVALUATION_MSG, loadSurvey } from '../rules'
import { EvaluationHeader } from './EvaluationHeader'
import { SurveyForm } from './SurveyForm'
import './evaluation.scss'

/**
 * /evaluate?uuId= (doc2 §2 Evaluation): public, idle-exempt. Loading; 链接已失效 in the page for an
 * unknown or expired link (doc2 §8); the survey to fill in, or its submitted answers read-only (to
 * the account's own session; anyone else holding the link sees only 已评价 and thanks).
 */
export function EvaluationPage({ uuId }: { uuId: string }) {
  const survey = useResource(() => loadSurvey(uuId, evaluationApi.detail), [uuId])
  const view = survey.data
  return (
    <View>
      <EvaluationHeader />
      <View className='evaluation card'>
        {!view ? (
          <ResourceStatus resource={survey} />
        ) : view.kind === 'expired' ? (
          <View className='evaluation__expired' role='alert'>
            {EVALUATION_MSG.expired}
          </View>
        ) : view.kind === 'rated' ? (
          <View className='evaluation__rated' role='status'>
            <View className='evaluation__rated-title'>{EVALUATION_MSG.rated}</View>
            <View>{EVALUATION_MSG.thanks}</View>
          </View>
        ) : (
          <SurveyForm key={`${view.detail.id}-${view.kind}`} view={view} onSubmitted={survey.reload} />
        )}
      </View>
    </View>
  )
}
