// An entry link (`?token=`, account-area §2) exchanged for a session through fkToken. It never
// silently replaces another identity's session (the user is asked), and a failed exchange leaves
// the session as it was. Returns where to go next; the link's token is never in that address.
import { errorMessage } from '../../core/http/api-error'
import { afterFailedEntry, entryLinkSessionChange, type GuardDecision } from '../../core/routing/guard'
import type { EntryExchangeResult } from '../../core/contract/auth'
import { sessionApi } from '../../core/session/api'
import { revokeToken } from '../../core/session/end-session'
import { useSessionFlags } from '../../core/session/flags'
import { useSession } from '../../core/session/store'
import { toast } from '../../core/ui/toast'

export const WORK_ORDER_SOURCE = 'workOrder'

export const ENTRY_LINK_MSG = {
  failed: '登录凭证已失效，请重新登录',
} as const

type EntryDecision = Extract<GuardDecision, { kind: 'exchangeEntryToken' }>

/** A link to a work-order page, or a token the server issued for work orders, is a work-order login. */
function adopt(result: EntryExchangeResult, workOrderLogin: boolean) {
  const workOrder = workOrderLogin || result.source === WORK_ORDER_SOURCE
  useSession.getState().signIn(result, workOrder ? WORK_ORDER_SOURCE : '')
  useSessionFlags.getState().setLoginSource(workOrder ? WORK_ORDER_SOURCE : result.source || 'entry')
}

/** `askToSwitch` resolves true for 切换, false for 取消. */
export async function enterWithLink(
  decision: EntryDecision,
  askToSwitch: () => Promise<boolean>,
): Promise<string> {
  const before = useSession.getState()
  let result: EntryExchangeResult
  try {
    result = await sessionApi.exchangeEntryToken(decision.entryToken)
  } catch (error) {
    toast.error(errorMessage(error, ENTRY_LINK_MSG.failed))
    return afterFailedEntry(before, decision.continueTo)
  }
  if (entryLinkSessionChange(before, result) === 'askToSwitch' && !(await askToSwitch())) {
    // 取消: the link's session is ended unused; the current one stays.
    void revokeToken(result.token)
    return decision.continueTo
  }
  // The session being replaced ends on the server too.
  if (before.token && before.token !== result.token) void revokeToken(before.token)
  adopt(result, decision.workOrderLogin)
  return decision.continueTo
}
