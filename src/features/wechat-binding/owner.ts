// Who binds: the session's account and bound phone (updateWechat, unBindingWechat) and userId
// (isUserBind; account-area §6: accountId, or {accountId}_{subAccountId} for a sub-account).
import { useSession } from '../../core/session/store'
import type { WechatOwner } from '../../core/contract/wechat'

export function currentOwner(): WechatOwner {
  const { id, userinfo } = useSession.getState()
  return { accountId: id ?? 0, phone: userinfo?.bindPhone ?? '' }
}

export function currentUserId(): string {
  const { id, role, subAccountId } = useSession.getState()
  return role ? `${id}_${subAccountId}` : String(id ?? '')
}
