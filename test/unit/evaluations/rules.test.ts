import type { EvaluateDetail, SurveyAnswer, SurveyItem } from '../../../src/core/contract/evaluations'
import { ApiError } from '../../../src/core/http/api-error'
import {
  answerError,
  emptyAnswer,
  normaliseAnswers,
  parseAnswers,
  surveyErrors,
} from '../../../src/core/validation/evaluations'
import { loadSurvey, surveyView } from '../../../src/features/evaluations/rules'

const item = (type: SurveyItem['type'], extra: Partial<SurveyItem> = {}): SurveyItem => ({
  type,
  title: `题目${type}`,
  explain: '',
  required: true,
  data: type === 2 || type === 3 ? ['甲', '乙'] : [],
  dataValue: '',
  align: 'left',
  ...extra,
})

const CHOOSE = '请选择'
const FILL_IN = '此处为必填项，您尚未填写。'

describe('answerError (doc2 §5 Evaluation)', () => {
  it.each<[string, SurveyItem, SurveyAnswer, string | null]>([
    ['a heading takes no answer', item(0), null, null],
    ['a sub title with an answer', item(1), 'x', CHOOSE],
    ['radio unanswered', item(2), '', CHOOSE],
    ['radio answered', item(2), '乙', null],
    ['radio outside its options', item(2), '丙', CHOOSE],
    ['optional radio unanswered', item(2, { required: false }), '', null],
    ['checkbox none', item(3), [], CHOOSE],
    ['checkbox some', item(3), ['甲', '乙'], null],
    ['checkbox twice the same', item(3), ['甲', '甲'], CHOOSE],
    ['checkbox outside its options', item(3, { required: false }), ['丁'], CHOOSE],
    ['optional checkbox none', item(3, { required: false }), [], null],
    ['input blank', item(4), '  ', FILL_IN],
    ['input typed', item(4), '好', null],
    ['input too long', item(4), 'x'.repeat(201), '不能超过200个字符'],
    ['textarea blank', item(5), '', FILL_IN],
    ['textarea at its limit', item(5), 'x'.repeat(1000), null],
    ['optional textarea blank', item(5, { required: false }), '', null],
    ['star none', item(6), 0, CHOOSE],
    ['star 1', item(6), 1, null],
    ['star 5', item(6), 5, null],
    ['star 6', item(6, { required: false }), 6, CHOOSE],
    ['star 2.5', item(6), 2.5, CHOOSE],
    ['star as text', item(6), '5', CHOOSE],
  ])('%s', (_label, survey, answer, message) => {
    expect(answerError(survey, answer)).toBe(message)
  })
})

describe('survey answers', () => {
  const items = [item(0), item(2), item(3), item(4), item(5), item(6)]

  it('start empty by type and report one message per item', () => {
    const answers = items.map(emptyAnswer)
    expect(answers).toEqual([null, '', [], '', '', 0])
    expect(surveyErrors(items, answers)).toEqual([null, CHOOSE, CHOOSE, FILL_IN, FILL_IN, CHOOSE])
  })

  it('parse only an array of one answer per item', () => {
    const good = [null, '甲', ['乙'], ' a ', 'b', 3]
    expect(parseAnswers(items, JSON.stringify(good))).toEqual(good)
    expect(parseAnswers(items, '{')).toBeNull()
    expect(parseAnswers(items, JSON.stringify(good.slice(1)))).toBeNull()
    expect(parseAnswers(items, JSON.stringify([...good.slice(0, 5), { stars: 3 }]))).toBeNull()
    expect(normaliseAnswers(items, good)).toEqual([null, '甲', ['乙'], 'a', 'b', 3])
  })
})

describe('the page state (doc2 §4 evaluation status, §8)', () => {
  const detail = (evaluateStatus: number, answers?: SurveyAnswer[]): EvaluateDetail => ({
    id: 'u1',
    evaluateStatus,
    items: [item(6)],
    ...(answers ? { answers } : {}),
  })

  it('0 is open, non-zero submitted with its answers, 3 expired', () => {
    expect(surveyView(detail(0)).kind).toBe('open')
    expect(surveyView(detail(1, [4]))).toMatchObject({ kind: 'submitted', answers: [4] })
    expect(surveyView(detail(2, [3]))).toMatchObject({ kind: 'submitted', answers: [3] })
    expect(surveyView(detail(3))).toEqual({ kind: 'expired' })
  })

  it('a submitted survey without answers (not the account’s own session) is only 已评价', () => {
    expect(surveyView(detail(1))).toEqual({ kind: 'rated' })
    expect(surveyView(detail(2))).toEqual({ kind: 'rated' })
  })

  it('a refused or missing link is expired; a network failure is thrown for a retry', async () => {
    const refuse = () => Promise.reject(new ApiError(400, '链接已失效'))
    expect(await loadSurvey('u1', refuse)).toEqual({ kind: 'expired' })
    const unused = jest.fn()
    expect(await loadSurvey('  ', unused)).toEqual({ kind: 'expired' })
    expect(unused).not.toHaveBeenCalled()
    const offline = () => Promise.reject(new ApiError(-1, '网络异常'))
    await expect(loadSurvey('u1', offline)).rejects.toThrow('网络异常')
  })
})
