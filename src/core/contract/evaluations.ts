// The evaluation survey (doc2 §3 "Survey item", "Evaluation"; §4 evaluation status; §7 evaluate
// calls). One survey model rates either an order (getEvaluateUrl) or a finished work order
// (judgeIsEvalaute); the /evaluate?uuId= page reads and submits it by its unguessable uuId.

/** Survey item types (doc2 §5). 0 and 1 are headings and take no answer. */
export const SURVEY_ITEM_TYPE = {
  mainTitle: 0,
  subTitle: 1,
  radio: 2,
  checkbox: 3,
  input: 4,
  textarea: 5,
  star: 6,
} as const

export type SurveyItemType = (typeof SURVEY_ITEM_TYPE)[keyof typeof SURVEY_ITEM_TYPE]

/** doc2 §4: 0 not yet submitted (editable), 1 submitted (read-only), 3 link expired. */
export const EVALUATE_STATUS = { open: 0, submitted: 1, expired: 3 } as const

export type SurveyAlign = 'left' | 'center' | 'right'

export interface SurveyItem {
  type: SurveyItemType
  title: string
  /** A line under the title explaining the question ('' for none). */
  explain: string
  required: boolean
  /** The options of a radio or checkbox item; [] otherwise. */
  data: string[]
  /** The answer the item starts with ('' for none): the spec's answer slot, kept for its shape. */
  dataValue: string
  align: SurveyAlign
}

/**
 * One answer per item, in item order: null for headings, the chosen option (radio), the chosen
 * options (checkbox), the text (input, textarea), the stars 1..5 or 0 for none (star).
 */
export type SurveyAnswer = string | string[] | number | null

/** getEvaluateDetail's query: the survey's uuId from the /evaluate link. */
export interface EvaluateDetailQuery {
  uuId: string
}

/** getEvaluateDetail (uuId). `id` is the uuId again: it is what sumbit sends. */
export interface EvaluateDetail {
  id: string
  evaluateStatus: number
  items: SurveyItem[]
  /** The submitted answers (status 1). */
  answers?: SurveyAnswer[]
}

/** POST sumbit: evaluateContent is JSON.stringify(SurveyAnswer[]). */
export interface SubmitEvaluation {
  id: string
  evaluateContent: string
}

/** judgeBusinessIsEvaluate's query: a feignApi call other services of the platform make, not the console. */
export interface BusinessEvaluatedQuery {
  businessId: number
}
