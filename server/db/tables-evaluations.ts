// Evaluation surveys (doc2 §3 "Evaluation", §4 evaluation status): one row per rated
// thing, an order (getEvaluateUrl) or a finished work order (judgeIsEvalaute). The random uuId in
// the /evaluate?uuId= link is the only credential the public page has.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core'
import type { SurveyAnswer, SurveyItem } from '../../src/core/contract/evaluations'
import { at } from './columns'
import { orders } from './tables-commerce'
import { accounts } from './tables-members'
import { workOrders } from './tables-work-orders'

export const evaluations = pgTable(
  'evaluations',
  {
    uuid: varchar('uuid', { length: 36 }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** What it rates: exactly one of the two. */
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    workOrderId: integer('work_order_id')
      .unique()
      .references(() => workOrders.id),
    /** 0 open, 1 submitted, 3 expired (EVALUATE_STATUS). */
    status: smallint('status').notNull().default(0),
    /** The questions, copied from the template when the link is made, so later edits do not move answers. */
    items: jsonb('items').$type<SurveyItem[]>().notNull(),
    answers: jsonb('answers').$type<SurveyAnswer[]>(),
    createdAt: at('created_at').notNull(),
    submittedAt: at('submitted_at'),
  },
  (t) => [
    index('evaluations_account_idx').on(t.accountId),
    check('evaluations_one_subject', sql`(${t.orderId} is null) <> (${t.workOrderId} is null)`),
  ],
)
