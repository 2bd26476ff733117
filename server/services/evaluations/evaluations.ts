// Evaluation surveys (doc2 §2 Evaluation, §4 evaluation status, §7 evaluate calls).
// The /evaluate page is public: the random uuId in its link is the credential, so the detail and
// the submit take nothing else, and an unknown uuId is answered exactly like an expired one.
// A link lasts 30 days from the survey's creation (then 链接已失效). Once submitted, the link shows
// only that it was rated: the answers are shown to a session of the survey's own account alone.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { EVALUATE_STATUS, type EvaluateDetail, type SurveyItem } from '../../../src/core/contract/evaluations'
import {
  EVALUATION_MSG,
  hasErrors,
  normaliseAnswers,
  parseAnswers,
  surveyErrors,
} from '../../../src/core/validation/evaluations'
import { hours, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { evaluations, orders } from '../../db/schema'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import { ORDER_SURVEY, WORK_ORDER_SURVEY } from './evaluation-templates'
import type { Viewer } from '../shared/viewer'

/** How long a survey's link can be answered, from its creation. */
export const SURVEY_LIFETIME_MS = hours(24 * 30)

/** The status a survey shows at `at`: an open survey past its lifetime is expired. */
export function surveyStatus(row: { status: number; createdAt: Date }, at: Date): number {
  if (row.status !== EVALUATE_STATUS.open) return row.status
  return at.getTime() - row.createdAt.getTime() >= SURVEY_LIFETIME_MS ? EVALUATE_STATUS.expired : row.status
}

export type SurveySubject = { orderId: number } | { workOrderId: number }

export interface SurveyLink {
  uuId: string
  evaluateStatus: number
}

/**
 * The survey of an order or work order of `accountId`, made on first ask with a fresh random uuId
 * (callers have checked ownership and that the thing may be rated).
 */
export async function surveyLink(
  db: Database,
  accountId: number,
  subject: SurveySubject,
  createdAt: Date,
): Promise<SurveyLink> {
  const isOrder = 'orderId' in subject
  const items: SurveyItem[] = isOrder ? ORDER_SURVEY : WORK_ORDER_SURVEY
  await db
    .insert(evaluations)
    .values({ uuid: crypto.randomUUID(), accountId, ...subject, items, createdAt })
    .onConflictDoNothing()
  const match = isOrder
    ? eq(evaluations.orderId, subject.orderId)
    : eq(evaluations.workOrderId, subject.workOrderId)
  const [row] = await db.select().from(evaluations).where(match)
  return { uuId: row.uuid, evaluateStatus: surveyStatus(row, createdAt) }
}

export const evaluatePath = (uuId: string) => `/evaluate?uuId=${encodeURIComponent(uuId)}`

export function createEvaluationService({ db, now }: AppContext) {
  const expired = () => invalid(EVALUATION_MSG.expired)

  async function find(uuId: string) {
    const [row] = await db.select().from(evaluations).where(eq(evaluations.uuid, uuId.trim()))
    return row
  }

  /**
   * getEvaluateDetail: an open or submitted survey; unknown and expired links both answer 链接已失效.
   * A submitted survey carries its answers only for a session of its own account (`viewer`): to
   * anyone else holding the link it is just 已评价.
   */
  async function detail(uuId: string, viewer: Viewer | null): Promise<EvaluateDetail> {
    const row = await find(uuId)
    const status = row ? surveyStatus(row, now()) : EVALUATE_STATUS.expired
    if (!row || status === EVALUATE_STATUS.expired) throw expired()
    const ownAccount = viewer?.accountId === row.accountId
    return {
      id: row.uuid,
      evaluateStatus: status,
      items: row.items,
      ...(status === EVALUATE_STATUS.submitted && ownAccount ? { answers: row.answers ?? [] } : {}),
    }
  }

  /**
   * sumbit: `id` is the survey's uuId (the only unguessable id the page has). Single use: the row
   * moves from open to submitted in one conditional update, so a second or concurrent submit is
   * refused. Rating an order sets its isEvaluate, which hides 评价 in the order list.
   */
  async function submit(id: string, evaluateContent: string): Promise<void> {
    const row = await find(id)
    const status = row ? surveyStatus(row, now()) : EVALUATE_STATUS.expired
    if (!row || status === EVALUATE_STATUS.expired) throw expired()
    if (status !== EVALUATE_STATUS.open) throw invalid(EVALUATION_MSG.alreadySubmitted)
    const parsed = parseAnswers(row.items, evaluateContent)
    if (!parsed) throw invalid(INVALID_PARAMS)
    const errors = surveyErrors(row.items, parsed)
    const first = errors.find((error) => error !== null)
    if (hasErrors(errors) && first) throw invalid(first)
    const answers = normaliseAnswers(row.items, parsed)
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(evaluations)
        .set({ status: EVALUATE_STATUS.submitted, answers, submittedAt: now() })
        .where(and(eq(evaluations.uuid, row.uuid), eq(evaluations.status, EVALUATE_STATUS.open)))
        .returning({ orderId: evaluations.orderId })
      if (!moved.length) throw invalid(EVALUATION_MSG.alreadySubmitted)
      const { orderId } = moved[0]
      if (orderId !== null) await tx.update(orders).set({ isEvaluate: 1 }).where(eq(orders.id, orderId))
    })
  }

  /** feignApi/judgeBusinessIsEvaluate: whether an order of the viewer's business has been rated. */
  async function businessIsEvaluated(viewer: Viewer, businessId: number): Promise<boolean> {
    const [rated] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, viewer.accountId),
          eq(orders.businessId, businessId),
          eq(orders.isEvaluate, 1),
        ),
      )
      .limit(1)
    return Boolean(rated)
  }

  return { detail, submit, businessIsEvaluated }
}

export type EvaluationService = ReturnType<typeof createEvaluationService>
