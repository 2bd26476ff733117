// The operation log (account-area §3, §4). Entries are written by the actions they describe.
// Each viewer reads only its own entries: the main account its own (not its sub-admins'), a
// sub-admin only what it did on that account (getMyOperateRecordList is "my" log).
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { operateRecords } from '../db/schema'
import { offsetOf, pageOf, type Page, type PageRequest } from './paging'
import { ROLE, type RoleGrant } from './roles'
import type { Viewer } from './sessions'

/** account-area §4: operation log types. */
export const OPERATE_TYPE = {
  login: 0,
  changePassword: 1,
  changePhone: 2,
  addSubAdmin: 3,
  editSubAdmin: 4,
  deleteSubAdmin: 5,
  changeEmail: 6,
  wechatAuthorize: 7,
  wechatChange: 8,
  wechatUnbind: 9,
  productTransfer: 10,
} as const

export const OPERATE_STATUS = { success: 0, failure: 1 } as const

export interface OperateEntry {
  type: number
  content: string
  status: number
  ip: string
}

export interface OperateRecord extends OperateEntry {
  id: number
  memberAccount: string
  createTime: string
}

export function recordsOf(viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>) {
  return and(
    eq(operateRecords.accountId, viewer.accountId),
    viewer.role === ROLE.main
      ? isNull(operateRecords.subAccountId)
      : eq(operateRecords.subAccountId, viewer.subAccountId),
  )
}

export function createOperateLog({ db, now }: AppContext) {
  /** The "user" column names who acted: the member account, or the sub-admin's name. */
  async function record(actor: RoleGrant, entry: OperateEntry): Promise<void> {
    await db.insert(operateRecords).values({
      accountId: actor.accountId,
      subAccountId: actor.role === ROLE.main ? null : actor.subAccountId,
      memberAccount: actor.role === ROLE.main ? actor.memberAccount : actor.userName,
      ...entry,
      createdAt: now(),
    })
  }

  /** GET /api/app/account/getMyOperateRecordList: the viewer's own entries, newest first. */
  async function list(viewer: Viewer, request: PageRequest): Promise<Page<OperateRecord>> {
    const where = recordsOf(viewer)
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(operateRecords)
        .where(where)
        .orderBy(desc(operateRecords.createdAt), desc(operateRecords.id))
        .limit(request.pageSize)
        .offset(offsetOf(request)),
      db.select({ total: count() }).from(operateRecords).where(where),
    ])
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
