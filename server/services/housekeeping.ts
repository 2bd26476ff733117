// Stateful rows expire but are not deleted by their readers; this removes the dead ones so the
// tables stay small. Safe to run from several instances at once (plain deletes).
import { and, isNotNull, lt, or } from 'drizzle-orm'
import { hours, type AppContext } from '../context'
import { captchas, entryTokens, loginAttempts, sessions } from '../db/schema'
import { LOCKOUT_MS, LOGIN_WINDOW_MS } from './login-limits'

/** Kept a day past expiry so support can still see what happened. */
const GRACE_MS = hours(24)

export function createHousekeeping({ db, now }: AppContext) {
  async function purgeExpired(): Promise<void> {
    const before = new Date(now().getTime() - GRACE_MS)
    await db.delete(captchas).where(lt(captchas.expiresAt, before))
    await db.delete(entryTokens).where(lt(entryTokens.expiresAt, before))
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
  }

  return { purgeExpired }
}

export type Housekeeping = ReturnType<typeof createHousekeeping>
