// The operation log (account-area §3, §4). Entries are written by the actions they describe.
// Each viewer reads only its own entries: the main account its own (not its sub-admins'), a
// sub-admin only what it did on that account (getMyOperateRecordList is "my" log).
import { and, desc, eq, isNull } from 'drizzle-orm'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateRecord } from '../../../src/core/contract/operate-log'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { operateRecords } from '../../db/schema'
import { countedTotal, NO_SCOPE } from '../shared/list-counts'
import { offsetOf, pageOf, totalBeside, type Page, type PageRequest } from '../shared/paging'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { type RoleGrant } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { addresseeKey, type Viewer } from '../shared/viewer'

// The codes are the wire contract's; the services that write entries read them from here.
export { OPERATE_STATUS, OPERATE_TYPE }

export interface OperateEntry {
  type: number
  content: string
  status: number
  ip: string
}

/** The database or one of its transactions. */
export type LogExecutor = Pick<Database, 'insert'>

export function recordsOf(viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>) {
  return and(
    eq(operateRecords.accountId, viewer.accountId),
    viewer.role === ROLE.main
      ? isNull(operateRecords.subAccountId)
      : eq(operateRecords.subAccountId, viewer.subAccountId),
  )
}

export function createOperateLog(
  { db, now }: AppContext,
  { firstPages = createFirstPageCache() }: { firstPages?: FirstPageCache } = {},
) {
  /**
   * The "user" column names who acted: the member account, or the sub-admin's name. `executor` is a
   * transaction when the entry must stand or fall with the change it describes (product transfer).
   */
  async function record(actor: RoleGrant, entry: OperateEntry, executor: LogExecutor = db): Promise<void> {
    await executor.insert(operateRecords).values({
      accountId: actor.accountId,
      subAccountId: actor.role === ROLE.main ? null : actor.subAccountId,
      memberAccount: actor.role === ROLE.main ? actor.memberAccount : actor.userName,
      ...entry,
      createdAt: now(),
    })
  }

  /** GET /api/app/account/getMyOperateRecordList: the viewer's own entries, newest first. */
  function list(viewer: Viewer, request: PageRequest): Promise<Page<OperateRecord>> {
    return firstPages.page(viewer.accountId, `operate-log:${addresseeKey(viewer)}`, request, () =>
      read(viewer, request),
    )
  }

  async function read(viewer: Viewer, request: PageRequest): Promise<Page<OperateRecord>> {
    const where = recordsOf(viewer)
    const scope = viewer.role === ROLE.main ? NO_SCOPE : viewer.subAccountId
    const rows = await db
      .select()
      .from(operateRecords)
      .where(where)
      .orderBy(desc(operateRecords.createdAt), desc(operateRecords.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, () =>
      countedTotal(db, 'operate_records', { accountId: viewer.accountId, scope }),
    )
    const data = rows.map((row) => ({
      id: row.id,
      memberAccount: row.memberAccount,
      type: row.type,
      content: row.content,
      status: row.status,
      ip: row.ip,
      createTime: row.createdAt.toISOString(),
    }))
    return pageOf(data, total, request)
  }

  return { record, list }
}

export type OperateLog = ReturnType<typeof createOperateLog>
