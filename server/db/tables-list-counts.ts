// The totals of the console's lists, kept by the database. Triggers on the counted tables
// (migration 0008_list_counts) add each statement's inserted, moved and deleted rows here, in the
// writing transaction, so a list's `total` is a sum over a few rows of this table instead of a
// count(*) over every matching row (services/shared/list-counts.ts reads it).
import { bigint, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'

export const listCounts = pgTable(
  'list_counts',
  {
    /** The counted table: orders, notices, operate_records, work_orders. */
    list: varchar('list', { length: 32 }).notNull(),
    accountId: integer('account_id').notNull(),
    /** orders: business_id; the others: sub_account_id; 0 for null. */
    scope: integer('scope').notNull(),
    /** orders: is_display; notices: read_status; work_orders: status; operate_records: 0. */
    state: integer('state').notNull(),
    /** Rows with these keys (work orders: not deleted). */
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'list_counts_pkey', columns: [t.list, t.accountId, t.scope, t.state] })],
)
