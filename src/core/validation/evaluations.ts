// The survey's answer rules (doc2 §5 "Evaluation"): the /evaluate form shows these messages under
// each item and the server refuses a submit that breaks them, with the same texts.
import { SURVEY_ITEM_TYPE, type SurveyAnswer, type SurveyItem } from '../contract/evaluations'

export const EVALUATION_MSG = {
  /** Radio, checkbox and star items left empty. */
  choose: '请选择',
  /** Input and textarea items left empty. */
  fillIn: '此处为必填项，您尚未填写。',
  placeholder: '请输入',
  /** The placeholder of a text item left empty, in a submitted survey shown read-only. */
  unanswered: '未填写',
  submitted: '评价成功！',
  /** An unknown or expired link (doc2 §8: shown on the page, not as a toast). */
  expired: '链接已失效',
  /** The button of a submitted survey, and the server's answer to a second submit. */
  alreadySubmitted: '已提交',
  /** A submitted survey opened by anyone but its own account: no answers, only this and thanks. */
  rated: '已评价',
  thanks: '感谢您的评价！',
  /** A text answer over its limit. */
  tooLong: (max: number) => `不能超过${max}个字符`,
} as const

export const STAR_MAX = 5
/** Longest text answers: one line for an input, a paragraph for a textarea. */
export const TEXT_MAX = { [SURVEY_ITEM_TYPE.input]: 200, [SURVEY_ITEM_TYPE.textarea]: 1000 } as const

export const isHeading = (item: SurveyItem) =>
  item.type === SURVEY_ITEM_TYPE.mainTitle || item.type === SURVEY_ITEM_TYPE.subTitle

/** The answer an item starts with on an open survey. */
export function emptyAnswer(item: SurveyItem): SurveyAnswer {
  switch (item.type) {
    case SURVEY_ITEM_TYPE.checkbox:
      return []
    case SURVEY_ITEM_TYPE.star:
      return 0
    case SURVEY_ITEM_TYPE.radio:
    case SURVEY_ITEM_TYPE.input:
    case SURVEY_ITEM_TYPE.textarea:
      return item.dataValue
    default:
      return null
  }
}

/** The message under one item, or null when its answer is acceptable. */
export function answerError(item: SurveyItem, answer: SurveyAnswer): string | null {
  switch (item.type) {
    case SURVEY_ITEM_TYPE.radio: {
      if (answer === '' || answer === null) return item.required ? EVALUATION_MSG.choose : null
      return typeof answer === 'string' && item.data.includes(answer) ? null : EVALUATION_MSG.choose
    }
    case SURVEY_ITEM_TYPE.checkbox: {
      if (!Array.isArray(answer)) return EVALUATION_MSG.choose
      const known =
        answer.every((value) => item.data.includes(value)) && new Set(answer).size === answer.length
      if (!known) return EVALUATION_MSG.choose
      return item.required && answer.length === 0 ? EVALUATION_MSG.choose : null
    }
    case SURVEY_ITEM_TYPE.star: {
      if (answer === 0 || answer === null) return item.required ? EVALUATION_MSG.choose : null
      return Number.isInteger(answer) && (answer as number) >= 1 && (answer as number) <= STAR_MAX
        ? null
        : EVALUATION_MSG.choose
    }
    case SURVEY_ITEM_TYPE.input:
    case SURVEY_ITEM_TYPE.textarea: {
      if (answer !== null && typeof answer !== 'string') return EVALUATION_MSG.fillIn
      const text = (answer ?? '').trim()
      if (!text) return item.required ? EVALUATION_MSG.fillIn : null
      const max = TEXT_MAX[item.type]
      return text.length > max ? EVALUATION_MSG.tooLong(max) : null
    }
    default:
      return answer === null ? null : EVALUATION_MSG.choose
  }
}

/** One message (or null) per item, in item order. */
export function surveyErrors(items: SurveyItem[], answers: SurveyAnswer[]): (string | null)[] {
  return items.map((item, index) => answerError(item, answers[index] ?? emptyAnswer(item)))
}

export const hasErrors = (errors: (string | null)[]) => errors.some((error) => error !== null)

/**
 * evaluateContent as the server reads it: a JSON array with one answer per item. Null when it is
 * not that shape (the server answers 非法参数); the answers may still break the rules above.
 */
export function parseAnswers(items: SurveyItem[], evaluateContent: string): SurveyAnswer[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(evaluateContent)
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== items.length) return null
  const shaped = parsed.every(
    (answer: unknown) =>
      answer === null ||
      typeof answer === 'string' ||
      typeof answer === 'number' ||
      (Array.isArray(answer) && answer.every((value) => typeof value === 'string')),
  )
  return shaped ? (parsed as SurveyAnswer[]) : null
}

/** Text answers are stored trimmed, as the rules read them. */
export function normaliseAnswers(items: SurveyItem[], answers: SurveyAnswer[]): SurveyAnswer[] {
  return items.map((item, index) => {
    const answer = answers[index]
    return typeof answer === 'string' &&
      (item.type === SURVEY_ITEM_TYPE.input || item.type === SURVEY_ITEM_TYPE.textarea)
      ? answer.trim()
      : isHeading(item)
        ? null
        : answer
  })
}
