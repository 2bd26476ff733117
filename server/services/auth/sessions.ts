// Sessions are database rows, so several server instances can share one PostgreSQL (design
// "Reference server"). They end after 30 minutes without a request (account-area §2, §9), after
// 12 hours in any case, or when revoked (logout, account switch, 登录设备's sign-outs, or a member's
// 21st live session ending its oldest). Live sessions are cached in memory and forgotten on the
// database's notification of any change (services/auth/session-cache.ts).
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import { later, hours, minutes, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'
import type { LoginResult } from '../../../src/core/contract/account'
import { sessionEnded } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import { type RoleGrant } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { createSessionCache, forgetSessions, type CachedSession, type SessionCache } from './session-cache'
import { placeOf } from './request-device'
import type { PendingSecondFactor, Viewer } from '../shared/viewer'

export const SESSION_IDLE_MS = minutes(30)
export const SESSION_LIFETIME_MS = hours(12)
/** last_seen_at is written at most this often: one write per request would halve throughput. */
const TOUCH_INTERVAL_MS = 15_000
/** 登录设备: live sessions per member; issuing one more ends the oldest. */
export const MAX_LIVE_SESSIONS = 20

export const SESSION_MESSAGES = {
  missing: '请先登录',
  expired: '登录已过期，请重新登录',
  revoked: '登录状态已失效，请重新登录',
} as const

const isLive = (session: CachedSession, at: Date) =>
  at.getTime() - session.lastSeenAt.getTime() <= SESSION_IDLE_MS && at < session.expiresAt

/** A login has just shown credentials for the session behind `token` (account-reverify.ts: fresh). */
export async function markSessionFresh(db: Database, token: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ verifiedAt: at })
    .where(eq(sessions.tokenHash, hashToken(token)))
}

/** Sessions of a member that may still answer: not revoked, not past their lifetime or idle limit. */
export function liveSessionsOf(memberId: number, at: Date) {
  return and(
    eq(sessions.memberId, memberId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, at),
    gt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
  )
}

export function createSessionService(
  { db, now }: AppContext,
  { cache: sessionCache = createSessionCache() }: { cache?: SessionCache } = {},
) {
  async function issue(
    grant: RoleGrant,
    origin: {
      source: string
      ip: string
      pendingVerification?: boolean
      pendingSecondFactor?: PendingSecondFactor | null
    },
  ): Promise<LoginResult> {
    const token = newToken()
    const createdAt = now()
    // The calling device and the address's city, for 登录设备 (request-device.ts).
    const place = placeOf(origin.ip, origin.source)
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      memberId: grant.memberId,
      accountId: grant.accountId,
      subAccountId: grant.subAccountId || null,
      role: grant.role,
      source: origin.source,
      ip: origin.ip,
      deviceId: place.deviceId,
      device: place.device,
      city: place.city,
      pendingVerification: origin.pendingVerification ?? false,
      pendingSecondFactor: origin.pendingSecondFactor ?? null,
      createdAt,
      lastSeenAt: createdAt,
      expiresAt: later(createdAt, SESSION_LIFETIME_MS),
    })
    await endBeyondCap(grant.memberId, createdAt)
    return { token, accountId: grant.accountId, subAccountId: grant.subAccountId, role: grant.role }
  }

  /** The oldest live sessions past MAX_LIVE_SESSIONS end; other instances hear it from the database. */
  async function endBeyondCap(memberId: number, at: Date): Promise<void> {
    const beyond = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(liveSessionsOf(memberId, at))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .offset(MAX_LIVE_SESSIONS)
    for (const { id } of beyond) await revoke(id)
  }

  /** The session row behind a token hash; cached when it is live and verified. */
  async function load(tokenHash: string, at: Date) {
    const readAt = sessionCache.generation()
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1)
    if (!row || row.revokedAt) throw sessionEnded(SESSION_MESSAGES.revoked)
    const session: CachedSession = {
      id: row.id,
      memberId: row.memberId,
      accountId: row.accountId,
      subAccountId: row.subAccountId,
      role: row.role,
      source: row.source,
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
    }
    const pendingSecondFactor = (row.pendingSecondFactor as PendingSecondFactor | null) ?? null
    // A pending session changes soon (verification): it is read from the table until then.
    if (!row.pendingVerification && !pendingSecondFactor && isLive(session, at))
      sessionCache.put(tokenHash, session, readAt)
    return { session, pendingVerification: row.pendingVerification, pendingSecondFactor }
  }

  /** The viewer behind a token, or a 996 refusal saying why there is none. */
  async function resolve(token: string | undefined): Promise<Viewer> {
    if (!token) throw sessionEnded(SESSION_MESSAGES.missing)
    const tokenHash = hashToken(token)
    const current = now()
    const cached = sessionCache.get(tokenHash)
    // A cached session that looks idle may have been used on another instance: ask the table.
    const { session, pendingVerification, pendingSecondFactor } =
      cached && isLive(cached, current)
        ? { session: cached, pendingVerification: false, pendingSecondFactor: null }
        : await load(tokenHash, current)
    if (!isLive(session, current)) throw sessionEnded(SESSION_MESSAGES.expired)
    if (current.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(sessions).set({ lastSeenAt: current }).where(eq(sessions.id, session.id))
      session.lastSeenAt = current
    }
    return {
      sessionId: session.id,
      memberId: session.memberId,
      accountId: session.accountId,
      subAccountId: session.subAccountId ?? 0,
      role: session.role === ROLE.main ? ROLE.main : ROLE.subAdmin,
      source: session.source,
      pendingVerification,
      pendingSecondFactor,
    }
  }

  async function revoke(sessionId: number): Promise<void> {
    sessionCache.forget(sessionId)
    await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  }

  async function markVerified(sessionId: number): Promise<void> {
    await db.update(sessions).set({ pendingVerification: false }).where(eq(sessions.id, sessionId))
  }

  /** The login's second factor is given (or enrolled): the session is a whole one now. */
  async function markSecondFactorGiven(sessionId: number): Promise<void> {
    await db.update(sessions).set({ pendingSecondFactor: null }).where(eq(sessions.id, sessionId))
  }

  /** Every live session of a member (password reset). */
  async function revokeAllOf(memberId: number): Promise<void> {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
    // Forgotten here at once; other instances hear it from the database.
    for (const { id } of revoked) sessionCache.forget(id)
  }

  /**
   * Ends every live session of the viewer's member except the viewer's own: after a password, phone
   * or WeChat change or removal (ASVS 7.4.3), whoever held another session must prove the new
   * factor. Other instances hear of it from the database.
   */
  async function endOthers(viewer: Pick<Viewer, 'memberId' | 'sessionId'>): Promise<void> {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(
        and(
          eq(sessions.memberId, viewer.memberId),
          ne(sessions.id, viewer.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id })
    forgetSessions(sessionCache, ended)
  }

  return {
    issue,
    resolve,
    revoke,
    markVerified,
    markSecondFactorGiven,
    revokeAllOf,
    endOthers,
    cache: sessionCache,
  }
}

export type SessionService = ReturnType<typeof createSessionService>
