// Live sessions kept in memory, so the calls a console makes every few seconds (the home poll) do
// not read the sessions table each time. Every change that ends or alters a session (revoked_at,
// pending_verification, a deleted row) makes the database NOTIFY `session_changed` with the
// session's id (trigger in drizzle/0005_change_notifications.sql), whichever instance or service wrote
// it; each instance forgets that session (services/shared/notified-cache.ts).
import type { Listen } from '../../db/notifications'
import { createNotifiedCache } from '../shared/notified-cache'

export const SESSION_CHANNEL = 'session_changed'
/** Enough for every active console of a large deployment; the oldest entry makes room. */
const MAX_ENTRIES = 20_000

export interface CachedSession {
  id: number
  memberId: number
  accountId: number
  subAccountId: number | null
  role: number
  source: string
  /** Written back by the session service when it touches the row. */
  lastSeenAt: Date
  expiresAt: Date
}

export interface SessionCacheOptions {
  listen?: Listen
  /** Called after a notification was applied: the hook tests wait on instead of sleeping. */
  onChange?: (sessionId: number) => void
}

/** Keyed by token hash, grouped by session id (what the notification carries). */
export function createSessionCache({ listen, onChange }: SessionCacheOptions = {}) {
  const cache = createNotifiedCache<CachedSession>({
    channel: SESSION_CHANNEL,
    listen,
    maxEntries: MAX_ENTRIES,
    onChange,
  })
  return {
    get: cache.get,
    generation: cache.generation,
    put: (tokenHash: string, session: CachedSession, readAt: number) =>
      cache.put(tokenHash, session.id, session, readAt),
    forget: cache.forget,
    start: cache.start,
    stop: cache.stop,
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>

/**
 * For a service that revoked sessions itself (`.returning({ id })`): its own instance forgets them
 * at once; other instances hear it from the database's notification.
 */
export function forgetSessions(cache: SessionCache | undefined, revoked: { id: number }[]) {
  for (const { id } of revoked) cache?.forget(id)
}
