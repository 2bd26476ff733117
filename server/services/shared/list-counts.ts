// The totals of the console's lists, read from list_counts (server/db/tables-list-counts.ts), which
// the database keeps in step with every write (migration 0008_list_counts). A total is a sum over
// a handful of counter rows, whatever the list's length: a count(*) visited every matching row.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listCounts } from '../../db/schema'

/** The counted tables, as the triggers name them. */
export type CountedList = 'orders' | 'notices' | 'operate_records' | 'work_orders'

/** No sub-admin (the main account's rows), or no business (an order not yet fulfilled). */
export const NO_SCOPE = 0

export interface CountKeys {
  accountId: number
  /** orders: the business; the others: the sub-admin (NO_SCOPE: the main account's). Omitted: all. */
  scope?: number
  /** orders: is_display; notices: read_status; work_orders: status. Omitted: all. */
  states?: readonly number[]
}

/** How many rows of `list` have these keys (work orders: not deleted). */
export async function countedTotal(db: Database, list: CountedList, keys: CountKeys): Promise<number> {
  const conditions: SQL[] = [eq(listCounts.list, list), eq(listCounts.accountId, keys.accountId)]
  if (keys.scope !== undefined) conditions.push(eq(listCounts.scope, keys.scope))
  if (keys.states) {
    if (!keys.states.length) return 0
    conditions.push(inArray(listCounts.state, [...keys.states]))
  }
  // sum() of a bigint is a numeric, which the drivers hand over as text.
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${listCounts.total}), 0)` })
    .from(listCounts)
    .where(and(...conditions))
  return Number(row?.total ?? 0)
}
