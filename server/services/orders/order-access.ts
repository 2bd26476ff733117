// Who may act on the account's businesses and follow its orders by code (account-area §6, doc2 §6).
// Sub-accounts do not reach order management: a sub-admin follows only the orders it placed itself
// and, with website management, the renewal orders of the account's businesses (the pending renewal
// /index sends it to pay, doc2 §8 checkUnPaidOrder 300). Every other order looks missing to it,
// exactly as another account's order does, so an order code reveals nothing.
import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { subAccounts } from '../../db/schema'
import { Refusal } from '../shared/errors'
import { ORDER_MISSING_CODE, ORDER_STATE_MESSAGES } from '../../../src/core/contract/checkout'
import { ORDER_TYPE } from '../../../src/core/contract/orders'
import type { OrderRow } from './order-lines'
import { ROLE } from '../../../src/core/contract/account'
import type { Viewer } from '../shared/viewer'

/** doc2 §8: getOrderInfo code 508 shows "order does not exist" and goes back. */
export const ORDER_MISSING = ORDER_MISSING_CODE
export const ORDER_MISSING_MESSAGE = ORDER_STATE_MESSAGES.missing

/** The one refusal for an order code that is missing, another account's, or not the sub-admin's. */
export const orderMissing = () => new Refusal(ORDER_MISSING, ORDER_MISSING_MESSAGE)

/** Refused to a sub-admin without website management (account-area §6). */
export const NO_WEBSITE_MANAGE = '您暂无网站管理权限，请联系主账号开通'

/** Main accounts always; a sub-admin only with is_website_manage 1 (account-area §6). */
export async function managesSites(db: Database, viewer: Viewer): Promise<boolean> {
  if (viewer.role === ROLE.main) return true
  const [row] = await db
    .select({ flag: subAccounts.isWebsiteManage })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, viewer.subAccountId), eq(subAccounts.accountId, viewer.accountId)))
  return row?.flag === 1
}

/** Whether the viewer may follow this order (payment page, opening progress); see the header. */
export async function mayFollowOrder(
  db: Database,
  viewer: Viewer,
  order: Pick<OrderRow, 'accountId' | 'subAccountId' | 'orderType' | 'businessId'>,
): Promise<boolean> {
  if (order.accountId !== viewer.accountId) return false
  if (viewer.role === ROLE.main) return true
  if (order.subAccountId === viewer.subAccountId) return true
  return order.orderType === ORDER_TYPE.renewal && order.businessId !== null && managesSites(db, viewer)
}
