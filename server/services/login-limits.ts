// Password-login throttling, checked before the password (so a locked account learns nothing):
// 5 failures for one identifier within 15 minutes lock it for 15 minutes; 20 failures from one
// IP within 15 minutes throttle that IP. Attempts are rows, shared by every server instance.
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm'
import { minutes, type AppContext } from '../context'
import { loginAttempts } from '../db/schema'
import { tooManyRequests } from '../http/failure'

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

export function createLoginLimits({ db, now }: AppContext) {
  /**
   * Locked while the newest failure is under 15 minutes old and it closed a run of 5 failures
   * within 15 minutes, with no success in between. Refused attempts are not recorded, so
   * hammering a locked account does not extend the lock.
   */
  async function identifierLockedUntil(identifier: string, current: Date): Promise<Date | null> {
    const since = new Date(current.getTime() - LOGIN_WINDOW_MS - LOCKOUT_MS)
    const recent = await db
      .select({ success: loginAttempts.success, createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.identifier, identifier), gt(loginAttempts.createdAt, since)))
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
      .limit(IDENTIFIER_FAILURE_LIMIT)
    if (recent.length < IDENTIFIER_FAILURE_LIMIT || recent.some((attempt) => attempt.success)) return null
    const newest = recent[0].createdAt.getTime()
    const oldest = recent[recent.length - 1].createdAt.getTime()
    if (newest - oldest > LOGIN_WINDOW_MS) return null
    const until = new Date(newest + LOCKOUT_MS)
    return until > current ? until : null
  }

  async function ipFailures(ip: string, current: Date): Promise<number> {
    const since = new Date(current.getTime() - LOGIN_WINDOW_MS)
    const [row] = await db
      .select({ failures: count() })
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
      )
    return row?.failures ?? 0
  }

  async function assertAllowed(identifier: string, ip: string): Promise<void> {
    const current = now()
    if (await identifierLockedUntil(identifier, current)) throw tooManyRequests(LIMIT_MESSAGES.locked)
    if ((await ipFailures(ip, current)) >= IP_FAILURE_LIMIT) throw tooManyRequests(LIMIT_MESSAGES.ipThrottled)
  }

  async function record(identifier: string, ip: string, success: boolean): Promise<void> {
    await db.insert(loginAttempts).values({ identifier, ip, success, createdAt: now() })
  }

  /** A password reset lifts the lockout: the failures recorded against these identifiers go. */
  async function clearFailures(identifiers: string[]): Promise<void> {
    const normalised = [...new Set(identifiers.map(normaliseIdentifier))].filter(Boolean)
    if (normalised.length === 0) return
    await db
      .delete(loginAttempts)
      .where(and(inArray(loginAttempts.identifier, normalised), eq(loginAttempts.success, false)))
  }

  return { assertAllowed, record, clearFailures }
}

export type LoginLimits = ReturnType<typeof createLoginLimits>
