// Work orders (doc2 §2, §4, §7). A main account sees all of its account's orders; a sub-admin
// only the ones it submitted.
import { and, count, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { workOrderRecords, workOrders } from '../db/schema'
import { ROLE } from './roles'
import type { Viewer } from './sessions'

/** doc2 §4 record roles: 0 system, 1 member, 2 engineer reply, 3 urgent prompt, 4 engineer note. */
export const RECORD_ROLE = {
  system: 0,
  member: 1,
  engineerReply: 2,
  urgentPrompt: 3,
  engineerNote: 4,
} as const

export function ownedBy(viewer: Viewer) {
  return viewer.role === ROLE.main
    ? eq(workOrders.accountId, viewer.accountId)
    : and(eq(workOrders.accountId, viewer.accountId), eq(workOrders.subAccountId, viewer.subAccountId))
}

export function createWorkOrderService({ db }: AppContext) {
  /** GET /api/appWorkOrderCommunicationRecords/getRecordCount: engineer replies not yet looked at. */
  async function unreadRecordCount(viewer: Viewer): Promise<number> {
    const [row] = await db
      .select({ unread: count() })
      .from(workOrderRecords)
      .innerJoin(workOrders, eq(workOrders.id, workOrderRecords.workOrderId))
      .where(
        and(
          ownedBy(viewer),
          eq(workOrderRecords.role, RECORD_ROLE.engineerReply),
          eq(workOrderRecords.looked, false),
        ),
      )
    return row?.unread ?? 0
  }

  return { unreadRecordCount }
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>
