// Password-login throttling, checked before the password (so a locked account learns nothing):
// 5 failures for one member (its phone and its member accounts together) or one unknown identifier
// within 15 minutes lock it for 15 minutes; 20 failures from one IP within 15 minutes throttle that
// IP. Attempts are rows, shared by every server instance. An IPv6 client counts by its /64 (one
// subscriber's network, as in the per-minute limits of http/rate-limits.ts), so cycling through
// the addresses of one's own network does not reset the count. A wrong current password in
// updatePassword counts in the member's run too (account-credentials.ts).
//
// Each attempt is reserved before its password is checked: under advisory locks on the member (or
// identifier) and the address, the limits are read and a row is written that counts as a failure
// until the attempt succeeds. Simultaneous attempts therefore queue for the check, not for scrypt,
// and no more than 5 of them are ever checked.
import { normalizeIP } from '@fastify/rate-limit'
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { minutes, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { loginAttempts } from '../../db/schema'
import { tooManyRequests } from '../shared/errors'
import { loginMetrics } from '../shared/counters'

export const LOGIN_WINDOW_MS = minutes(15)
export const LOCKOUT_MS = minutes(15)
export const IDENTIFIER_FAILURE_LIMIT = 5
export const IP_FAILURE_LIMIT = 20

export const LIMIT_MESSAGES = {
  locked: '登录失败次数过多，账号已锁定，请15分钟后再试',
  ipThrottled: '登录尝试过于频繁，请稍后再试',
} as const

/** Phone or member account as typed, made comparable ("Demo_Main" and "demo_main " are one). */
export function normaliseIdentifier(typed: string): string {
  return typed.trim().toLowerCase().slice(0, 64)
}

/** The address an attempt counts against: an IPv4 address, or the /64 of an IPv6 one. */
export const attemptAddress = (ip: string): string => normalizeIP(ip)

/** Who an attempt counts against: the member behind the identifier, or the identifier alone. */
export interface AttemptSubject {
  /** As typed, normalised: what the attempt row records. */
  identifier: string
  /** The member it names, with every name it logs in by (phone, member accounts); null = unknown. */
  member: { id: number; loginNames: string[] } | null
}

/** A reserved attempt: a failure unless `succeeded` is called. */
export type AttemptId = number

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function createLoginLimits({ db, now }: AppContext) {
  /**
   * Locked while the newest failure is under 15 minutes old and it closed a run of 5 failures
   * within 15 minutes, with no success in between. Refused attempts are not recorded, so
   * hammering a locked account does not extend the lock.
   */
  async function lockedUntil(tx: Tx, names: string[], current: Date): Promise<Date | null> {
    const since = new Date(current.getTime() - LOGIN_WINDOW_MS - LOCKOUT_MS)
    const recent = await tx
      .select({ success: loginAttempts.success, createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(inArray(loginAttempts.identifier, names), gt(loginAttempts.createdAt, since)))
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
      .limit(IDENTIFIER_FAILURE_LIMIT)
    if (recent.length < IDENTIFIER_FAILURE_LIMIT || recent.some((attempt) => attempt.success)) return null
    const newest = recent[0].createdAt.getTime()
    const oldest = recent[recent.length - 1].createdAt.getTime()
    if (newest - oldest > LOGIN_WINDOW_MS) return null
    const until = new Date(newest + LOCKOUT_MS)
    return until > current ? until : null
  }

  async function ipFailures(tx: Tx, ip: string, current: Date): Promise<number> {
    const since = new Date(current.getTime() - LOGIN_WINDOW_MS)
    const [row] = await tx
      .select({ failures: count() })
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
      )
    return row?.failures ?? 0
  }

  /** 429 when the subject is locked or the address throttled; otherwise the attempt, recorded as failed. */
  async function reserve(subject: AttemptSubject, clientIp: string): Promise<AttemptId> {
    const { identifier, member } = subject
    const ip = attemptAddress(clientIp)
    const names = member
      ? [...new Set([identifier, ...member.loginNames.map(normaliseIdentifier)])]
      : [identifier]
    const lockKey = member ? `login-member:${member.id}` : `login-identifier:${identifier}`
    return db.transaction(async (tx) => {
      // Always the subject before the address, so two instances never wait on each other in a circle.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`)
      const current = now()
      if (await lockedUntil(tx, names, current)) {
        loginMetrics.refused('locked')
        throw tooManyRequests(LIMIT_MESSAGES.locked)
      }
      if ((await ipFailures(tx, ip, current)) >= IP_FAILURE_LIMIT) {
        loginMetrics.refused('throttled')
        throw tooManyRequests(LIMIT_MESSAGES.ipThrottled)
      }
      const [row] = await tx
        .insert(loginAttempts)
        .values({ identifier, ip, success: false, createdAt: current })
        .returning({ id: loginAttempts.id })
      loginMetrics.attempt()
      return row.id
    })
  }

  /** The attempt opened a session: it ends the subject's failure run. */
  async function succeeded(attempt: AttemptId): Promise<void> {
    await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attempt))
    loginMetrics.success()
  }

  /** A password reset lifts the lockout: the failures recorded against these identifiers go. */
  async function clearFailures(identifiers: string[]): Promise<void> {
    const normalised = [...new Set(identifiers.map(normaliseIdentifier))].filter(Boolean)
    if (normalised.length === 0) return
    await db
      .delete(loginAttempts)
      .where(and(inArray(loginAttempts.identifier, normalised), eq(loginAttempts.success, false)))
  }

  return { reserve, succeeded, clearFailures }
}

export type LoginLimits = ReturnType<typeof createLoginLimits>
