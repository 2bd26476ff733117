// The account's own details (account-area §2 "Account info", §5, §6): account name and member
// account, e-mail, referral code, and a sub-admin leaving the account.
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { EditNameRequest } from '../../../src/core/contract/account-settings'
import {
  accountFullNameError,
  accountReferralCodeError,
  memberAccountError,
} from '../../../src/core/validation/account'
import { mailboxError } from '../../../src/core/validation/sub-admin'
import { renamedMemberAccountError } from '../../../src/core/validation/generated-names'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { accounts, members, sessions, subAccounts } from '../../db/schema'
import { forbidden, invalid, sessionEnded } from '../shared/errors'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { forgetSessions, type SessionCache } from '../auth/session-cache'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'

export const PROFILE_MESSAGES = {
  saved: '保存成功',
  memberAccountTaken: '该账号已存在，请换一个',
  memberAccountMainOnly: '子管理员不能修改账号',
} as const

interface ProfileDeps {
  roles: RoleService
  operateLog: OperateLog
  /** Live sessions in memory (services/caches.ts): the sessions a change ends are forgotten. */
  sessionCache?: SessionCache
}

export function createAccountProfile(
  { db, now }: AppContext,
  { roles, operateLog, sessionCache }: ProfileDeps,
) {
  /** The viewer's role as it stands now: who acts, for the checks and the operation log. */
  async function actorOf(viewer: Viewer): Promise<RoleGrant> {
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (!grant) throw sessionEnded(SESSION_MESSAGES.revoked)
    return grant
  }

  /**
   * editAccountFullNameAndMemberAccount: a main account renames itself and may change its login
   * name (unique case-insensitively); a sub-admin renames only itself (its full name) and may not
   * touch the member account (§2, §6).
   */
  async function editName(viewer: Viewer, input: Partial<EditNameRequest>): Promise<void> {
    const actor = await actorOf(viewer)
    const fullName = (input.fullName ?? '').trim()
    const memberAccount = (input.memberAccount ?? '').trim()
    const changesMemberAccount = memberAccount !== '' && memberAccount !== actor.memberAccount
    if (actor.role !== ROLE.main) {
      if (changesMemberAccount) throw forbidden(PROFILE_MESSAGES.memberAccountMainOnly)
      const error = accountFullNameError(fullName)
      if (error) throw invalid(error)
      await db.update(subAccounts).set({ fullName }).where(eq(subAccounts.id, actor.subAccountId))
      return
    }
    const error =
      memberAccountError(memberAccount) ??
      renamedMemberAccountError(memberAccount, actor.memberAccount) ??
      accountFullNameError(fullName)
    if (error) throw invalid(error)
    await saveMemberAccount(actor, memberAccount, { accountName: fullName })
  }

  /**
   * updateMemberAccount {memberAccount}: the main account's login name alone (the account name
   * stays); a sub-admin has none of its own to change (§6).
   */
  async function updateMemberAccount(viewer: Viewer, typed: string | undefined): Promise<void> {
    const actor = await actorOf(viewer)
    if (actor.role !== ROLE.main) throw forbidden(PROFILE_MESSAGES.memberAccountMainOnly)
    const memberAccount = (typed ?? '').trim()
    const error =
      memberAccountError(memberAccount) ?? renamedMemberAccountError(memberAccount, actor.memberAccount)
    if (error) throw invalid(error)
    await saveMemberAccount(actor, memberAccount, {})
  }

  /** The account's login name (unique case-insensitively), with the other columns given. */
  async function saveMemberAccount(
    actor: RoleGrant,
    memberAccount: string,
    also: { accountName?: string },
  ): Promise<void> {
    const changesMemberAccount = memberAccount !== actor.memberAccount
    if (changesMemberAccount && (await memberAccountTaken(memberAccount, actor.accountId))) {
      throw invalid(PROFILE_MESSAGES.memberAccountTaken)
    }
    try {
      await db
        .update(accounts)
        .set({ memberAccount, ...also })
        .where(eq(accounts.id, actor.accountId))
    } catch (failure) {
      if (isUniqueViolation(failure)) throw invalid(PROFILE_MESSAGES.memberAccountTaken)
      throw failure
    }
  }

  async function memberAccountTaken(memberAccount: string, ownAccountId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(sql`lower(${accounts.memberAccount})`, memberAccount.toLowerCase()),
          ne(accounts.id, ownAccountId),
        ),
      )
      .limit(1)
    return Boolean(row)
  }

  /** editAccountEmail {mailbox}: the member's e-mail (and a sub-admin's mailbox on its account). */
  async function editEmail(viewer: Viewer, typed: string | undefined, ip: string): Promise<void> {
    const actor = await actorOf(viewer)
    const mailbox = (typed ?? '').trim()
    const error = mailboxError(mailbox)
    if (error) {
      await operateLog.record(actor, {
        type: OPERATE_TYPE.changeEmail,
        content: `修改邮箱失败：${error}`,
        status: OPERATE_STATUS.failure,
        ip,
      })
      throw invalid(error)
    }
    await db.update(members).set({ email: mailbox }).where(eq(members.id, viewer.memberId))
    if (actor.role !== ROLE.main) {
      await db.update(subAccounts).set({ mailbox }).where(eq(subAccounts.id, actor.subAccountId))
    }
    await operateLog.record(actor, {
      type: OPERATE_TYPE.changeEmail,
      content: `修改邮箱为 ${mailbox}`,
      status: OPERATE_STATUS.success,
      ip,
    })
  }

  /** updateAccountManagerByReferralCode {referralCode}: main account only (route guard, §6). */
  async function updateReferralCode(viewer: Viewer, typed: string | undefined): Promise<void> {
    const referralCode = (typed ?? '').trim()
    const error = accountReferralCodeError(referralCode)
    if (error) throw invalid(error)
    await db.update(accounts).set({ referralCode }).where(eq(accounts.id, viewer.accountId))
  }

  /**
   * cancelAccount for a sub-admin: it gives up its own role on the account at once (its sessions
   * there end). A main account's cancellation is account-cancellation.ts (blockers, 注销中, the job).
   */
  async function leave(viewer: Viewer): Promise<void> {
    const actor = await actorOf(viewer)
    if (actor.role === ROLE.main) throw forbidden()
    await db.update(subAccounts).set({ activeState: 0 }).where(eq(subAccounts.id, actor.subAccountId))
    const ended = await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.subAccountId, actor.subAccountId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
    forgetSessions(sessionCache, ended)
  }

  return { actorOf, editName, updateMemberAccount, editEmail, updateReferralCode, leave }
}

export type AccountProfile = ReturnType<typeof createAccountProfile>
