// The operation log (account-area §3, §4). Entries are written by the actions they describe.
import type { AppContext } from '../context'
import { operateRecords } from '../db/schema'
import { ROLE, type RoleGrant } from './roles'

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

  return { record }
}

export type OperateLog = ReturnType<typeof createOperateLog>
