// The viewer's own account data: personal info, the roles it can switch between, and the switch
// itself (account-area §2, §3, §6, §7; doc2 §3 "Personal info", "Account list entries").
import crypto from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type {
  AccountListItem,
  LoginResult,
  PersonalInfo,
  RelatedSite,
  SwitchAccountRequest,
} from '../../../src/core/contract/account'
import { switchSignature } from '../../../src/core/crypto/switch-sign'
import { maskWechatId } from '../../../src/core/format/mask'
import type { AppContext } from '../../context'
import { accounts, sites, subAccounts } from '../../db/schema'
import { forbidden, invalid, sessionEnded } from '../shared/errors'
import type { MemberDirectory } from './members'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { SESSION_MESSAGES, type SessionService } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import type { SignIn } from '../auth/sign-in'

export const SIGN_MISMATCH = '签名校验失败'
export const ROLE_NOT_HELD = '无权切换到该账号'

interface AccountDeps {
  members: MemberDirectory
  roles: RoleService
  sessions: SessionService
  signIn: SignIn
}

/** userId as the client builds it: accountId for a main account, {accountId}_{subAccountId} otherwise (§6). */
export function userIdOf(viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>): string {
  return viewer.role === ROLE.main ? String(viewer.accountId) : `${viewer.accountId}_${viewer.subAccountId}`
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

export function createAccountService(
  { db, config }: AppContext,
  { members, roles, sessions, signIn }: AccountDeps,
) {
  /** The viewer's role as it stands now; a role taken away ends the session. */
  async function currentRole(viewer: Viewer): Promise<RoleGrant> {
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (!grant) throw sessionEnded(SESSION_MESSAGES.revoked)
    return grant
  }

  async function sitesOf(accountIds: number[]): Promise<Map<number, RelatedSite[]>> {
    const bySite = new Map<number, RelatedSite[]>()
    if (accountIds.length === 0) return bySite
    const rows = await db
      .select({ accountId: sites.accountId, siteName: sites.siteName, siteUrl: sites.siteUrl })
      .from(sites)
      .where(inArray(sites.accountId, accountIds))
      .orderBy(asc(sites.id))
    for (const { accountId, ...site } of rows) bySite.set(accountId, [...(bySite.get(accountId) ?? []), site])
    return bySite
  }

  async function personalInfo(viewer: Viewer): Promise<PersonalInfo> {
    const grant = await currentRole(viewer)
    const member = await members.byId(viewer.memberId)
    const [account] = await db.select().from(accounts).where(eq(accounts.id, grant.accountId)).limit(1)
    if (!member || !account) throw sessionEnded(SESSION_MESSAGES.revoked)
    const [subAdmin] =
      grant.role === ROLE.subAdmin
        ? await db.select().from(subAccounts).where(eq(subAccounts.id, grant.subAccountId)).limit(1)
        : []
    const [firstSite] = (await sitesOf([account.id])).get(account.id) ?? []
    return {
      memberId: member.id,
      accountId: grant.accountId,
      subAccountId: grant.subAccountId,
      role: grant.role,
      memberAccount: account.memberAccount,
      accountName: account.accountName,
      userName: grant.userName,
      bindPhone: member.phone ?? '',
      email: subAdmin?.mailbox || member.email,
      state: account.state,
      weixin: maskWechatId(member.wxOpenId),
      referralCode: account.referralCode ?? '',
      url: firstSite?.siteUrl ?? '',
      passwordUpdatedAt: member.passwordUpdatedAt?.toISOString() ?? null,
    }
  }

  /** GET /api/user/getPrersonalInfo: the same data, only for the viewer's own userId and accountId. */
  async function personalInfoOf(viewer: Viewer, userId: string, accountId: string): Promise<PersonalInfo> {
    if (userId.trim() !== userIdOf(viewer) || accountId.trim() !== String(viewer.accountId)) throw forbidden()
    return personalInfo(viewer)
  }

  /** Every role the viewer's member holds, main account first, with each account's sites. */
  async function accountList(viewer: Viewer): Promise<AccountListItem[]> {
    const grants = await roles.memberRoles(viewer.memberId)
    const sitesByAccount = await sitesOf([...new Set(grants.map((grant) => grant.accountId))])
    return grants.map((grant) => ({
      memberAccount: grant.memberAccount,
      accountName: grant.accountName,
      role: grant.role,
      isLogin:
        grant.accountId === viewer.accountId &&
        grant.subAccountId === viewer.subAccountId &&
        grant.role === viewer.role
          ? 1
          : 0,
      relationSite: sitesByAccount.get(grant.accountId) ?? [],
      accountId: grant.accountId,
      subAccountId: grant.subAccountId,
    }))
  }

  /**
   * account-area §6: the signature proves the request came from the console; the role must be held
   * and its account must admit the caller (cancellation, login mask). The new session starts stale.
   */
  async function switchAccount(
    viewer: Viewer,
    request: SwitchAccountRequest,
    ip: string,
  ): Promise<LoginResult> {
    const target = { accountId: request.accountId, subAccountId: request.subAccountId, role: request.role }
    const expected = switchSignature(config.switchSignPrefix, target)
    if (!sameText(request.sign.trim().toUpperCase(), expected)) throw invalid(SIGN_MISMATCH)
    const grant = await roles.heldRole(viewer.memberId, target)
    if (!grant) throw forbidden(ROLE_NOT_HELD)
    await signIn.admit(grant, ip)
    const session = await sessions.issue(grant, { source: viewer.source, ip })
    await sessions.revoke(viewer.sessionId)
    return session
  }

  return { personalInfo, personalInfoOf, accountList, switchAccount }
}

export type AccountService = ReturnType<typeof createAccountService>
