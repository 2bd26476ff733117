// What the /evaluate page shows (doc2 §2 Evaluation, §4 evaluation status, §8): pure, so the
// component tests and the unit tests read the same decisions.
import { EVALUATE_STATUS, type EvaluateDetail, type SurveyAnswer } from '../../core/contract/evaluations'
import { ApiError } from '../../core/http/api-error'
import { EVALUATION_MSG, emptyAnswer, STAR_MAX } from '../../core/validation/evaluations'

export type SurveyView =
  | { kind: 'expired' }
  | { kind: 'open'; detail: EvaluateDetail }
  | { kind: 'submitted'; detail: EvaluateDetail; answers: SurveyAnswer[] }
  /** Submitted, seen without the account's own session: the server sends no answers. */
  | { kind: 'rated' }

/** The page's state from the detail call's answer. */
export function surveyView(detail: EvaluateDetail): SurveyView {
  if (detail.evaluateStatus === EVALUATE_STATUS.expired) return { kind: 'expired' }
  if (detail.evaluateStatus === EVALUATE_STATUS.open) return { kind: 'open', detail }
  if (!detail.answers) return { kind: 'rated' }
  return { kind: 'submitted', detail, answers: detail.answers }
}

/** The server's refusal of an unknown, expired or malformed link (envelope code 400). */
const LINK_REFUSED = 400

/**
 * A refusal of the link makes the page say 链接已失效 and stay (doc2 §8). A network failure, a
 * rate limit or a server error says nothing about the link: the page offers 重试.
 */
export const isExpiredLink = (cause: unknown) => cause instanceof ApiError && cause.code === LINK_REFUSED

/** Loads the survey of a link; a link without a uuId is expired without asking. */
export async function loadSurvey(uuId: string, detail: (uuId: string) => Promise<EvaluateDetail>) {
  if (!uuId.trim()) return { kind: 'expired' } as SurveyView
  try {
    return surveyView(await detail(uuId.trim()))
  } catch (cause) {
    if (isExpiredLink(cause)) return { kind: 'expired' } as SurveyView
    throw cause
  }
}

export const initialAnswers = (detail: EvaluateDetail) => detail.items.map(emptyAnswer)

export const STARS = Array.from({ length: STAR_MAX }, (_, index) => index + 1)
export const starLabel = (stars: number) => `${stars}星`

export { EVALUATION_MSG }
