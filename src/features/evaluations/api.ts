// The /evaluate page's calls (doc2 §7 "Evaluate"). Silent: the page shows every failure itself,
// 链接已失效 persistently (doc2 §8), not as a toast.
import type {
  EvaluateDetail,
  EvaluateDetailQuery,
  SubmitEvaluation,
  SurveyAnswer,
} from '../../core/contract/evaluations'
import { http } from '../../core/http/request'

const silent = { silent: true }

export const evaluationApi = {
  detail: (uuId: string) =>
    http.get<EvaluateDetail>(
      '/api/app/evaluate/getEvaluateDetail',
      { uuId } satisfies EvaluateDetailQuery,
      silent,
    ),
  /** `id` is the survey's uuId (docs/api.md "Evaluation"). */
  submit: (id: string, answers: SurveyAnswer[]) =>
    http.post<null>(
      '/api/app/evaluate/sumbit',
      { id, evaluateContent: JSON.stringify(answers) } satisfies SubmitEvaluation,
      silent,
    ),
}
