// The /evaluate page's calls (doc2 §7 "Evaluate"). getEvaluateDetail and sumbit are
// public: the page is opened from a link without a login (account-area §2) and the survey's random
// uuId is the credential. judgeBusinessIsEvaluate asks about the viewer's own business.
import type { FastifyRequest } from 'fastify'
import { tokenOf, type Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { Refusal } from '../services/shared/errors'
import type { Services } from '../services'
import type { SessionService } from '../services/auth/sessions'
import type { Viewer } from '../services/shared/viewer'
import {
  SURVEY_ITEM_TYPE,
  type BusinessEvaluatedQuery,
  type EvaluateDetail,
  type EvaluateDetailQuery,
  type SubmitEvaluation,
  type SurveyItem,
} from '../../src/core/contract/evaluations'
import { EVALUATION_MSG } from '../../src/core/validation/evaluations'
import { documented, TAG } from './api-tags'
import {
  answer,
  decimal,
  flag,
  int,
  listOf,
  none,
  nullAnswer,
  oneOfValues,
  responseOf,
  shape,
  text,
} from './responses'
import { object, requestOf, rowId, shortText, type TypedApp } from './schemas'

/** A uuId: 36 characters; room for nothing else. */
const uuId = shortText(36)
/** The answers of one survey as JSON: a few text answers of at most 1000 characters each. */
const EVALUATE_CONTENT_MAX = 20_000

const detailQuery = requestOf<EvaluateDetailQuery>()(object({ uuId }, ['uuId']))
const submitBody = requestOf<SubmitEvaluation>()(
  object({ id: uuId, evaluateContent: shortText(EVALUATE_CONTENT_MAX) }, ['id', 'evaluateContent']),
)
const businessQuery = requestOf<BusinessEvaluatedQuery>()(object({ businessId: rowId }, ['businessId']))

const about = documented(TAG.evaluations)

const surveyItem = responseOf<SurveyItem>()(
  shape({
    type: oneOfValues(Object.values(SURVEY_ITEM_TYPE)),
    title: text,
    explain: text,
    required: flag,
    data: listOf(text),
    dataValue: text,
    align: oneOfValues(['left', 'center', 'right']),
  }),
)
/** One answer: a heading's null, a radio's option, a checkbox's options, a text, or the stars. */
const surveyAnswer = { anyOf: [text, listOf(text), decimal, none] } as const
// `answers` only to the rated account's own session once submitted.
const evaluateDetail = responseOf<EvaluateDetail>()(
  shape({ id: text, evaluateStatus: int, items: listOf(surveyItem), answers: listOf(surveyAnswer) }, [
    'answers',
  ]),
)

/** The verified session the request carries, if any: the page is public, a stale token is no error. */
async function viewerIfAny(sessions: SessionService, req: FastifyRequest): Promise<Viewer | null> {
  const token = tokenOf(req)
  if (!token) return null
  try {
    const viewer = await sessions.resolve(token)
    return viewer.pendingVerification ? null : viewer
  } catch (error) {
    if (error instanceof Refusal) return null
    throw error
  }
}

export function evaluationRoutes(
  app: TypedApp,
  { evaluations, sessions }: Services,
  { requireViewer }: Guards,
) {
  app.get(
    '/api/app/evaluate/getEvaluateDetail',
    {
      schema: {
        ...about('评价问卷（公开，uuId 为凭证）'),
        querystring: detailQuery,
        response: answer(evaluateDetail),
      },
    },
    async (req) => ok(await evaluations.detail(req.query.uuId, await viewerIfAny(sessions, req))),
  )

  app.post(
    '/api/app/evaluate/sumbit',
    {
      schema: {
        ...about('提交评价（公开）'),
        response: nullAnswer,
        body: submitBody,
      },
    },
    async (req) => {
      await evaluations.submit(req.body.id, req.body.evaluateContent)
      return ok(null, EVALUATION_MSG.submitted)
    },
  )

  app.get(
    '/feignApi/judgeBusinessIsEvaluate',
    {
      schema: {
        ...about('业务是否已评价'),
        querystring: businessQuery,
        response: answer(flag),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await evaluations.businessIsEvaluated(req.viewer, req.query.businessId)),
  )
}
