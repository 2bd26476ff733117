// 注销账号: an owner cancels its main account safely. Nothing may be left that the account still
// answers for (the blocker list); then 7 days of 注销中 during which a login can withdraw; then the
// housekeeping job cancels it: every session ends, the member's phone, WeChat and personal data are
// released unless it is still a sub-admin elsewhere, and orders, invoices and contracts stay (the law).
// A sub-admin who "cancels" only leaves the account, at once, as before (account-profile.ts).
import { and, count, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import type {
  BlockerKind,
  CancelAccountRequest,
  CancellationCheck,
  PendingCancellation,
} from '../../../src/core/contract/cancellation'
import { NOTIFY_CATEGORY } from '../../../src/core/contract/notifications'
import { ORDER_STATUS, PAYMENT_STATE, SIGN_STATUS } from '../../../src/core/contract/orders'
import { INVOICE_STATE } from '../../../src/core/contract/invoices'
import { IN_SERVICE_STATUSES } from '../../../src/core/contract/work-orders'
import { ACCOUNT_MSG } from '../../../src/core/validation/account'
import { CANCELLATION_MSG, blockersOf, cancellationDueAt } from '../../../src/core/validation/cancellation'
import { formatBeijingTime } from '../../../src/core/format/time'
import type { AppContext } from '../../context'
import {
  accountCancellations,
  accounts,
  businesses,
  groupRobots,
  invoiceApplications,
  invoiceTitles,
  knownAddresses,
  knownCities,
  knownDevices,
  loginHistory,
  memberWechatIds,
  members,
  orders,
  payments,
  recipients,
  recipientValidations,
  recoveryCodes,
  secondFactors,
  sessions,
  subAccounts,
  trustedDevices,
  wechatSubscriptions,
  workOrders,
} from '../../db/schema'
import { forgetSessions, type SessionCache } from '../auth/session-cache'
import type { Viewer } from '../shared/viewer'
import type { Notifier, Tx } from '../notifications/notifier'
import { SECURITY_NOTICE_TYPE } from '../../../src/core/contract/notices'
import { escapeHtml } from '../outbox/outgoing-texts'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { Refusal, forbidden, invalid } from '../shared/errors'
import { ACCOUNT_STATE, ACTIVE, type RoleGrant } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import type { AccountProfile } from './account-profile'

/** Businesses that still run or will (opening, valid, paused, upgrading): 3 stopped, 4 expired, 5 refunded do not. */
const LIVE_PRODUCT_STATUSES = [0, 1, 2, 6]
const NOTICE_TITLE = '账号注销提醒'
/** The account's login name once cancelled: the old one is free to take again. */
const cancelledName = (accountId: number) => `cancelled_${accountId}`

type Database = AppContext['db']
type Executor = Pick<Database, 'select'>

/** 注销中 of the account, null when none is under way (the login answer and the dialog). */
export async function pendingCancellationOf(
  db: Executor,
  accountId: number,
): Promise<PendingCancellation | null> {
  const [row] = await db
    .select({ requestedAt: accountCancellations.requestedAt, dueAt: accountCancellations.dueAt })
    .from(accountCancellations)
    .where(and(eq(accountCancellations.accountId, accountId), isNull(accountCancellations.finishedAt)))
    .limit(1)
  return row ? { requestedAt: row.requestedAt.toISOString(), dueAt: row.dueAt.toISOString() } : null
}

interface CancellationDeps {
  operateLog: OperateLog
  notifier: Notifier
  profile: AccountProfile
  sessionCache?: SessionCache
}

export function createAccountCancellation(
  { db, now }: AppContext,
  { operateLog, notifier, profile, sessionCache }: CancellationDeps,
) {
  /** The counts of what still keeps the account (see BLOCKER_KIND). */
  async function blockerCounts(accountId: number): Promise<Record<BlockerKind, number>> {
    const counted = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0)
    const ordersWith = (status: number) =>
      counted(
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.accountId, accountId), eq(orders.status, status))),
      )
    return {
      products: await counted(
        db
          .select({ n: count() })
          .from(businesses)
          .where(and(eq(businesses.accountId, accountId), inArray(businesses.status, LIVE_PRODUCT_STATUSES))),
      ),
      unpaidOrders: await ordersWith(ORDER_STATUS.unpaid),
      refundingOrders: await counted(
        db
          .select({ n: sql<number>`count(distinct ${orders.id})` })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(
            and(
              eq(orders.accountId, accountId),
              inArray(payments.state, [PAYMENT_STATE.refundDue, PAYMENT_STATE.refunding]),
            ),
          ),
      ),
      workOrders: await counted(
        db
          .select({ n: count() })
          .from(workOrders)
          .where(
            and(eq(workOrders.accountId, accountId), inArray(workOrders.status, [...IN_SERVICE_STATUSES])),
          ),
      ),
      invoices: await counted(
        db
          .select({ n: count() })
          .from(invoiceApplications)
          .where(
            and(
              eq(invoiceApplications.accountId, accountId),
              inArray(invoiceApplications.state, [INVOICE_STATE.applied, INVOICE_STATE.reissuing]),
            ),
          ),
      ),
      contracts: await counted(
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.accountId, accountId), eq(orders.signStatus, SIGN_STATUS.signing))),
      ),
      subAdmins: await counted(
        db
          .select({ n: count() })
          .from(subAccounts)
          .where(and(eq(subAccounts.accountId, accountId), isNull(subAccounts.deletedAt))),
      ),
    }
  }

  /** The names of the live accounts where the member is an active sub-admin (they stay). */
  async function otherAccountsOf(memberId: number, exceptAccountId: number, executor: Executor = db) {
    const rows = await executor
      .select({ accountName: accounts.accountName })
      .from(subAccounts)
      .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
      .where(
        and(
          eq(subAccounts.memberId, memberId),
          eq(subAccounts.activeState, ACTIVE),
          isNull(subAccounts.deletedAt),
          ne(accounts.state, ACCOUNT_STATE.cancelled),
          ne(accounts.id, exceptAccountId),
        ),
      )
    return rows.map((row) => row.accountName)
  }

  /** GET /api/pc/cancellationCheck: the checklist, 注销中 if any, and the owner's other roles. */
  async function check(viewer: Viewer): Promise<CancellationCheck> {
    const actor = await profile.actorOf(viewer)
    if (actor.role !== ROLE.main)
      return { subAdmin: true, blockers: [], cancellation: null, otherAccounts: [] }
    return {
      subAdmin: false,
      blockers: blockersOf(await blockerCounts(actor.accountId)),
      cancellation: await pendingCancellationOf(db, actor.accountId),
      otherAccounts: await otherAccountsOf(actor.memberId, actor.accountId),
    }
  }

  /**
   * POST /api/pc/cancelAccount: a sub-admin leaves at once; a main account without blockers enters
   * 注销中 for 7 days. Answers the message to show.
   */
  async function request(viewer: Viewer, input: Partial<CancelAccountRequest>, ip: string): Promise<string> {
    if (input.confirmed !== true) throw invalid(ACCOUNT_MSG.cancelUnconfirmed)
    const actor = await profile.actorOf(viewer)
    if (actor.role !== ROLE.main) {
      await profile.leave(viewer)
      return CANCELLATION_MSG.left
    }
    if (await pendingCancellationOf(db, actor.accountId)) throw invalid(CANCELLATION_MSG.alreadyRequested)
    const blockers = blockersOf(await blockerCounts(actor.accountId))
    if (blockers.length) {
      await logFor(actor, `申请注销账号失败：${blockers.map((b) => b.text).join('；')}`, ip, false)
      throw new Refusal(400, CANCELLATION_MSG.blocked, blockers)
    }
    const others = await otherAccountsOf(actor.memberId, actor.accountId)
    if (others.length && input.keepOtherRoles !== true) throw invalid(CANCELLATION_MSG.otherRolesUnconfirmed)
    const requestedAt = now()
    const dueAt = cancellationDueAt(requestedAt)
    await db.transaction(async (tx) => {
      await tx
        .insert(accountCancellations)
        .values({ accountId: actor.accountId, memberId: actor.memberId, requestedAt, dueAt })
        .onConflictDoUpdate({
          target: accountCancellations.accountId,
          set: { memberId: actor.memberId, requestedAt, dueAt, finishedAt: null },
        })
      const text = `您的账号 ${actor.memberAccount} 已于 ${formatBeijingTime(requestedAt)} 申请注销，将在 ${formatBeijingTime(dueAt)} 注销。如非本人操作，请在此之前登录会员中心撤销注销。`
      await tell(tx, actor.accountId, text)
      await logFor(actor, `申请注销账号，将于 ${formatBeijingTime(dueAt)} 注销`, ip, true, tx)
    })
    return CANCELLATION_MSG.requested
  }

  /** POST /api/pc/withdrawCancellation: the owner ends 注销中; the account stays as it was. */
  async function withdraw(viewer: Viewer, ip: string): Promise<void> {
    const actor = await profile.actorOf(viewer)
    if (actor.role !== ROLE.main) throw forbidden()
    await db.transaction(async (tx) => {
      const ended = await tx
        .delete(accountCancellations)
        .where(
          and(eq(accountCancellations.accountId, actor.accountId), isNull(accountCancellations.finishedAt)),
        )
        .returning({ accountId: accountCancellations.accountId })
      if (!ended.length) throw invalid(CANCELLATION_MSG.notPending)
      await tell(tx, actor.accountId, `您的账号 ${actor.memberAccount} 已撤销注销，可继续正常使用。`)
      await logFor(actor, '撤销注销账号', ip, true, tx)
    })
  }

  /**
   * The housekeeping step: cancels every account whose 7 days are over. Each account is claimed by
   * a guarded UPDATE in its own transaction, so instances running at once never cancel one twice.
   * Answers how many this run cancelled.
   */
  async function finishDue(): Promise<number> {
    const due = await db
      .select({ accountId: accountCancellations.accountId })
      .from(accountCancellations)
      .where(and(isNull(accountCancellations.finishedAt), lte(accountCancellations.dueAt, now())))
    let finished = 0
    for (const { accountId } of due) if (await finish(accountId)) finished += 1
    await releaseFreedMembers()
    return finished
  }

  async function finish(accountId: number): Promise<boolean> {
    const blockers = blockersOf(await blockerCounts(accountId))
    if (blockers.length) {
      await stopBlocked(accountId, blockers.map((blocker) => blocker.text).join('；'))
      return false
    }
    const at = now()
    const endedSessions = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(accountCancellations)
        .set({ finishedAt: at })
        .where(
          and(
            eq(accountCancellations.accountId, accountId),
            isNull(accountCancellations.finishedAt),
            lte(accountCancellations.dueAt, at),
          ),
        )
        .returning({ memberId: accountCancellations.memberId })
      if (!claimed) return null
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId))
      const owner = ownerGrant(account)
      // Told while the contacts are still there: the outbox row keeps the address until it is sent.
      await tell(
        tx,
        accountId,
        `您的账号 ${account.memberAccount} 已注销。订单、发票和合同记录依法保留；该手机号可重新注册。`,
      )
      await logFor(owner, '账号已注销（冷静期结束）', '', true, tx)
      await tx
        .update(accounts)
        .set({
          state: ACCOUNT_STATE.cancelled,
          memberAccount: cancelledName(accountId),
          accountName: '已注销',
          referralCode: null,
        })
        .where(eq(accounts.id, accountId))
      const ownRecipients = tx
        .select({ id: recipients.id })
        .from(recipients)
        .where(eq(recipients.accountId, accountId))
      await tx.delete(recipientValidations).where(inArray(recipientValidations.recipientId, ownRecipients))
      await tx.delete(recipients).where(eq(recipients.accountId, accountId))
      await tx.delete(invoiceTitles).where(eq(invoiceTitles.accountId, accountId))
      // 群机器人 webhooks are the customer's secrets: nothing will post to them any more.
      await tx.delete(groupRobots).where(eq(groupRobots.accountId, accountId))
      return tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
    })
    if (!endedSessions) return false
    forgetSessions(sessionCache, endedSessions)
    return true
  }

  /**
   * Something the account answers for appeared during 注销中 (an order paid, a work order opened by
   * support): 注销中 ends without cancelling, and the owner is told why.
   */
  async function stopBlocked(accountId: number, reasons: string): Promise<void> {
    await db.transaction(async (tx) => {
      const ended = await tx
        .delete(accountCancellations)
        .where(and(eq(accountCancellations.accountId, accountId), isNull(accountCancellations.finishedAt)))
        .returning({ accountId: accountCancellations.accountId })
      if (!ended.length) return
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId))
      await tell(tx, accountId, `您的账号 ${account.memberAccount} 未能注销：${reasons}。请处理后重新申请。`)
      await logFor(ownerGrant(account), `注销未完成：${reasons}`, '', false, tx)
    })
  }

  /**
   * Owners of cancelled accounts who hold nothing else any more (never a sub-admin elsewhere, or no
   * longer): their phone and WeChat are freed to register again, their personal data deleted.
   */
  async function releaseFreedMembers(): Promise<void> {
    const held = db
      .select({ memberId: subAccounts.memberId })
      .from(subAccounts)
      .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
      .where(
        and(
          isNotNull(subAccounts.memberId),
          eq(subAccounts.activeState, ACTIVE),
          isNull(subAccounts.deletedAt),
          ne(accounts.state, ACCOUNT_STATE.cancelled),
        ),
      )
    const freed = await db
      .select({ memberId: members.id })
      .from(accountCancellations)
      .innerJoin(members, eq(members.id, accountCancellations.memberId))
      .innerJoin(accounts, eq(accounts.ownerMemberId, members.id))
      .where(
        and(
          sql`${accountCancellations.finishedAt} is not null`,
          eq(accounts.state, ACCOUNT_STATE.cancelled),
          sql`(${members.phone} is not null or ${members.wxOpenId} is not null or ${members.email} <> '')`,
          sql`${members.id} not in (${held})`,
        ),
      )
    for (const { memberId } of freed) await releaseMember(memberId)
  }

  async function releaseMember(memberId: number): Promise<void> {
    const ended = await db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ phone: null, wxOpenId: null, email: '', passwordHash: null })
        .where(eq(members.id, memberId))
      await tx.delete(loginHistory).where(eq(loginHistory.memberId, memberId))
      await tx.delete(knownDevices).where(eq(knownDevices.memberId, memberId))
      await tx.delete(knownCities).where(eq(knownCities.memberId, memberId))
      await tx.delete(knownAddresses).where(eq(knownAddresses.memberId, memberId))
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId))
      await tx.delete(trustedDevices).where(eq(trustedDevices.memberId, memberId))
      await tx.delete(secondFactors).where(eq(secondFactors.memberId, memberId))
      // The WeChat app openids (a new registration may bring the same WeChat) and their subscriptions.
      await tx.delete(memberWechatIds).where(eq(memberWechatIds.memberId, memberId))
      await tx.delete(wechatSubscriptions).where(eq(wechatSubscriptions.memberId, memberId))
      return tx
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
    })
    forgetSessions(sessionCache, ended)
  }

  /** 站内信 and mail to the owner through the 账号安全 preferences (never held by quiet hours). */
  async function tell(tx: Tx, accountId: number, text: string): Promise<void> {
    await notifier.send(tx, {
      accountId,
      category: NOTIFY_CATEGORY.security,
      notice: { type: SECURITY_NOTICE_TYPE, title: NOTICE_TITLE, content: `<p>${escapeHtml(text)}</p>` },
      mail: {
        subject: `【会员中心】${NOTICE_TITLE}`,
        text: `您好！${text}`,
        html: `<p>您好！</p><p>${escapeHtml(text)}</p>`,
        path: '/accountManage',
      },
    })
  }

  async function logFor(
    actor: RoleGrant,
    content: string,
    ip: string,
    success: boolean,
    executor?: Tx,
  ): Promise<void> {
    await operateLog.record(
      actor,
      {
        type: OPERATE_TYPE.cancellation,
        content,
        status: success ? OPERATE_STATUS.success : OPERATE_STATUS.failure,
        ip,
      },
      executor,
    )
  }

  return { check, request, withdraw, finishDue }
}

/** Who the job acts as in the log: the account's owner. */
function ownerGrant(account: typeof accounts.$inferSelect): RoleGrant {
  return {
    memberId: account.ownerMemberId,
    accountId: account.id,
    subAccountId: 0,
    role: ROLE.main,
    memberAccount: account.memberAccount,
    accountName: account.accountName,
    userName: account.accountName,
  }
}

export type AccountCancellation = ReturnType<typeof createAccountCancellation>
