// Demo surveys: every item type, in each state the /evaluate page shows. Their uuIds are
// fixed so the e2e and weapp smoke tests can open them; real links get random ones.
import { inArray } from 'drizzle-orm'
import { EVALUATE_STATUS, type SurveyAnswer } from '../../src/core/contract/evaluations'
import { ORDER_SURVEY } from '../services/evaluations/evaluation-templates'
import { evaluations, orders } from '../db/schema'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

export const EVALUATION_DEMO = {
  /** Open surveys of paid orders of 星辰科技: one for each e2e viewport and one to spare. */
  openDesktop: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d01',
  openPhone: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d02',
  open: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d03',
  /** Already answered: the page shows it read-only; its order no longer offers 评价. */
  submitted: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d04',
  /** Status 3: 链接已失效. */
  expired: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d05',
} as const

/** The submitted demo survey's answers, one per ORDER_SURVEY item. */
export const SUBMITTED_ANSWERS: SurveyAnswer[] = [null, null, 4, '满意', ['价格', '访问速度'], '朋友推荐', '']

const ORDER_CODES = {
  openDesktop: 'MC202611000006',
  openPhone: 'MC202611000010',
  open: 'MC202611000011',
  submitted: 'MC202611000005',
  expired: 'MC202611000008',
} as const

export async function seedEvaluations(tx: Tx, { at, main }: DemoIds): Promise<void> {
  const rows = await tx
    .select({ id: orders.id, orderCode: orders.orderCode })
    .from(orders)
    .where(inArray(orders.orderCode, Object.values(ORDER_CODES)))
  const orderId = (code: string) => {
    const row = rows.find((r) => r.orderCode === code)
    if (!row) throw new Error(`seed-evaluations: no order ${code}`)
    return row.id
  }
  const createdAt = daysAgo(at, 3)
  const survey = (key: keyof typeof ORDER_CODES, status: number) => ({
    uuid: EVALUATION_DEMO[key],
    accountId: main,
    orderId: orderId(ORDER_CODES[key]),
    status,
    items: ORDER_SURVEY,
    createdAt,
  })
  await tx.insert(evaluations).values([
    survey('openDesktop', EVALUATE_STATUS.open),
    survey('openPhone', EVALUATE_STATUS.open),
    survey('open', EVALUATE_STATUS.open),
    {
      ...survey('submitted', EVALUATE_STATUS.submitted),
      answers: SUBMITTED_ANSWERS,
      submittedAt: daysAgo(at, 1),
    },
    survey('expired', EVALUATE_STATUS.expired),
  ])
  await tx
    .update(orders)
    .set({ isEvaluate: 1 })
    .where(inArray(orders.id, [orderId(ORDER_CODES.submitted)]))
}
