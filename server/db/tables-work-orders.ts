// Work orders and their communication records.
import { boolean, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, subAccounts } from './tables-members'

/** Work orders (doc2 §3, §4). Minimal for now: enough for the header badge. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    number: varchar('number', { length: 8 }).notNull(),
    type: smallint('type').notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('work_orders_account_idx').on(t.accountId)],
)

/** Communication records of a work order. role: 0 system, 1 member, 2 engineer reply, 3, 4 (doc2 §4). */
export const workOrderRecords = pgTable(
  'work_order_records',
  {
    id: id(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    role: smallint('role').notNull(),
    content: text('content').notNull(),
    looked: boolean('looked').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('work_order_records_order_idx').on(t.workOrderId)],
)
