// Entry links (submitWorkOrder, accountManage, myWorkOrder with ?token=) carry a single-use token
// that GET /api/feignApi/fkToken exchanges for a session (account-area §2, §7). A work-order
// source marks the session as a work-order login. The account must admit the caller like any login
// (sign-in.ts `admit`: cancellation, login mask); the session starts stale (account-reverify.ts).
import { and, eq, isNull } from 'drizzle-orm'
import { later, minutes, type AppContext } from '../../context'
import { entryTokens } from '../../db/schema'
import { notFound, sessionEnded } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import type { MemberDirectory } from '../account/members'
import type { RoleService } from '../shared/roles'
import type { EntryExchangeResult } from '../../../src/core/contract/auth'
import type { SessionService } from './sessions'
import type { SignIn } from './sign-in'

export const ENTRY_TOKEN_TTL_MS = minutes(5)
export const ENTRY_TOKEN_INVALID = '登录凭证已失效，请重新登录'
export const MEMBER_NOT_FOUND = '账号不存在'

interface EntryDeps {
  members: MemberDirectory
  roles: RoleService
  sessions: SessionService
  signIn: SignIn
}

export function createEntryTokenService(
  { db, now }: AppContext,
  { members, roles, sessions, signIn }: EntryDeps,
) {
  /** Consumed by its first use, even if the session cannot be issued. */
  async function exchange(token: string, ip: string): Promise<EntryExchangeResult> {
    if (!token) throw sessionEnded(ENTRY_TOKEN_INVALID)
    const current = now()
    const [entry] = await db
      .update(entryTokens)
      .set({ usedAt: current })
      .where(and(eq(entryTokens.tokenHash, hashToken(token)), isNull(entryTokens.usedAt)))
      .returning()
    if (!entry || entry.expiresAt <= current) throw sessionEnded(ENTRY_TOKEN_INVALID)
    // The role may have been taken away since the link was made.
    const grant = await roles.heldRole(entry.memberId, {
      accountId: entry.accountId,
      subAccountId: entry.subAccountId ?? 0,
      role: entry.role,
    })
    if (!grant) throw sessionEnded(ENTRY_TOKEN_INVALID)
    await signIn.admit(grant, ip)
    const session = await sessions.issue(grant, { source: entry.source, ip })
    return { ...session, source: entry.source }
  }

  /** Mints an entry token for a phone's primary role (what the linking service does; dev sandbox). */
  async function mint(phone: string, source: string): Promise<string> {
    const member = await members.byPhone(phone)
    const grant = member && (await roles.primaryRole(member.id))
    if (!grant) throw notFound(MEMBER_NOT_FOUND)
    const token = newToken()
    const createdAt = now()
    await db.insert(entryTokens).values({
      tokenHash: hashToken(token),
      memberId: grant.memberId,
      accountId: grant.accountId,
      subAccountId: grant.subAccountId || null,
      role: grant.role,
      source,
      createdAt,
      expiresAt: later(createdAt, ENTRY_TOKEN_TTL_MS),
    })
    return token
  }

  return { exchange, mint }
}

export type EntryTokenService = ReturnType<typeof createEntryTokenService>
