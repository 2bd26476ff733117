// Drafts are never lost: what a member typed in step 2 of /submitWorkOrder and in a
// detail's reply box is kept in Taro storage under a key of its own per member and account, so a
// reload, a 996 re-login or the idle logout (which clear only the session store `mc-session`) leave
// it in place, and another member logging in on the device never sees it. Sending or 丢弃草稿
// removes it.
import Taro from '@tarojs/taro'
import { useSession } from '../../core/session/store'

export const DRAFT_PREFIX = 'mc-wo-draft'

export interface DraftOwner {
  memberId: number | null | undefined
  accountId: number | null | undefined
}

/** The storage key of one draft, or null when the owner is not known yet (nothing is stored then). */
export function draftKey(owner: DraftOwner, name: string): string | null {
  if (!owner.memberId || owner.accountId == null) return null
  return `${DRAFT_PREFIX}:${owner.memberId}:${owner.accountId}:${name}`
}

/** Drafts belong to the member and account of the session now on screen. */
export function currentOwner(): DraftOwner {
  const session = useSession.getState()
  return { memberId: session.userinfo?.memberId, accountId: session.id }
}

export function readDraft<T>(owner: DraftOwner, name: string): T | null {
  const key = draftKey(owner, name)
  if (!key) return null
  try {
    const stored = Taro.getStorageSync(key)
    return stored ? (JSON.parse(stored) as T) : null
  } catch {
    return null
  }
}

export function writeDraft(owner: DraftOwner, name: string, value: unknown): void {
  const key = draftKey(owner, name)
  if (!key) return
  try {
    Taro.setStorageSync(key, JSON.stringify(value))
  } catch {
    // Storage full or unavailable: the form keeps working, only the draft is not kept.
  }
}

export function clearDraft(owner: DraftOwner, name: string): void {
  const key = draftKey(owner, name)
  if (key) Taro.removeStorageSync(key)
}

export const submitDraftName = (type: number) => `submit-${type}`
export const replyDraftName = (workOrderId: number | string) => `reply-${workOrderId}`
