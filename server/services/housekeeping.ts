// Stateful rows expire but are not deleted by their readers; this removes the dead ones (captchas,
// entry tokens, sessions, login attempts, SMS codes, WeChat login and bind scenes, tickets, WeChat
// confirmations of 操作保护, receiver confirmation links) so the tables stay small, and uploads nothing took within a day (with their
// bytes). It also ends the 注销中 that is due (services/account/account-cancellation.ts). The scheduled run happens once a period across all instances (runScheduled claims it in
// housekeeping_runs); a second run meanwhile is harmless all the same (plain deletes).
import { and, eq, isNotNull, lt, ne, or } from 'drizzle-orm'
import { hours, type AppContext } from '../context'
import {
  captchas,
  transferVerifications,
  entryTokens,
  housekeepingRuns,
  loginAttempts,
  loginHistory,
  recipientValidations,
  sessions,
  outbox as outboxTable,
  smsCodes,
  wechatBindScenes,
  wechatReverifications,
  wechatScenes,
  wechatTickets,
} from '../db/schema'
import type { AccountCancellation } from './account/account-cancellation'
import type { CheckoutService } from './checkout/checkout'
import type { PaymentService } from './payments/payments'
import type { UploadService } from './work-orders/uploads'
import { LOCKOUT_MS, LOGIN_WINDOW_MS } from './auth/login-limits'
import { SMS_LIMIT_WINDOW_MS } from './sms/sms'

/** Kept a day past expiry so support can still see what happened. */
const GRACE_MS = hours(24)
/** 登录设备's login history covers 90 days. */
export const LOGIN_HISTORY_DAYS = 90

export function createHousekeeping(
  { db, now }: AppContext,
  {
    checkout,
    payments,
    uploads,
    accountCancellation,
  }: {
    checkout: CheckoutService
    payments?: PaymentService
    uploads?: UploadService
    accountCancellation?: Pick<AccountCancellation, 'finishDue'>
  },
) {
  async function purgeExpired(): Promise<void> {
    await purgeRows()
    // Accounts whose 7 days of 注销中 are over are cancelled (each claimed once across instances).
    await accountCancellation?.finishDue()
    // Unpaid orders past their payment deadline are cancelled (doc2 §2 payment page: automatic
    // cancellation), also when nobody opens them again; with payments, each is asked about at its
    // providers first and its attempts closed afterwards (a pass with a time budget, last: the
    // purges above never wait for a provider).
    if (payments) await payments.sweep()
    else await checkout.voidExpired()
  }

  async function purgeRows(): Promise<void> {
    const before = new Date(now().getTime() - GRACE_MS)
    await db.delete(captchas).where(lt(captchas.expiresAt, before))
    await db.delete(transferVerifications).where(lt(transferVerifications.expiresAt, before))
    await db.delete(entryTokens).where(lt(entryTokens.expiresAt, before))
    await db.delete(wechatScenes).where(lt(wechatScenes.expiresAt, before))
    await db.delete(wechatTickets).where(lt(wechatTickets.expiresAt, before))
    await db.delete(wechatBindScenes).where(lt(wechatBindScenes.expiresAt, before))
    await db.delete(wechatReverifications).where(lt(wechatReverifications.expiresAt, before))
    // A missing link reads as an expired one (添加超时 请重新获取验证).
    await db.delete(recipientValidations).where(lt(recipientValidations.expiresAt, before))
    // SMS code records and sent messages matter for an hour (the send limits; codes live 5 minutes).
    const limitsBefore = new Date(now().getTime() - SMS_LIMIT_WINDOW_MS - GRACE_MS)
    await db.delete(smsCodes).where(lt(smsCodes.createdAt, limitsBefore))
    // A message past its lifetime is not sent any more: its code or link is purged with it.
    await db
      .update(outboxTable)
      .set({ status: 'expired', params: null, doneAt: now() })
      .where(and(eq(outboxTable.status, 'pending'), lt(outboxTable.expiresAt, now())))
    await db
      .delete(outboxTable)
      .where(and(ne(outboxTable.status, 'pending'), lt(outboxTable.createdAt, limitsBefore)))
    await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, before),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before)),
        ),
      )
    // Attempts matter only inside the lockout window.
    const attemptsBefore = new Date(now().getTime() - LOGIN_WINDOW_MS - LOCKOUT_MS - GRACE_MS)
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, attemptsBefore))
    const historyBefore = new Date(now().getTime() - hours(24 * LOGIN_HISTORY_DAYS))
    await db.delete(loginHistory).where(lt(loginHistory.createdAt, historyBefore))
    await uploads?.purgeUnattached()
    await uploads?.purgeDeletedWorkOrders()
  }

  /**
   * The timer's run: only the instance that claims this period purges. A little slack keeps instances
   * whose timers fire a moment apart from skipping a period between them.
   */
  async function runScheduled(everyMs: number): Promise<boolean> {
    const at = now()
    const claimed = await db
      .insert(housekeepingRuns)
      .values({ job: 'purge', ranAt: at })
      .onConflictDoUpdate({
        target: housekeepingRuns.job,
        set: { ranAt: at },
        setWhere: lt(housekeepingRuns.ranAt, new Date(at.getTime() - everyMs * 0.9)),
      })
      .returning({ job: housekeepingRuns.job })
    if (claimed.length === 0) return false
    await purgeExpired()
    return true
  }

  return { purgeExpired, runScheduled }
}

export type Housekeeping = ReturnType<typeof createHousekeeping>
