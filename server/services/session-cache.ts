// Live sessions kept in memory, so the calls a console makes every few seconds (the home poll) do
// not read the sessions table each time. Correct across instances because every change that ends
// or alters a session (revoked_at, pending_verification, a deleted row) makes the database NOTIFY
// `session_changed` with the session's id (trigger in drizzle/0004_session_events.sql), whichever
// instance or service wrote it; each instance LISTENs and forgets that session. Nothing is cached
// while the listener is not connected (it may have missed a notification), and an entry is only
// cached when no notification arrived while it was being read.
import type { Listen } from '../db/notifications'

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

export function createSessionCache({ listen, onChange }: SessionCacheOptions = {}) {
  const byHash = new Map<string, CachedSession>()
  const hashById = new Map<number, string>()
  let live = false
  let generation = 0
  let unlisten: (() => Promise<void>) | null = null

  function forget(sessionId: number) {
    const hash = hashById.get(sessionId)
    if (hash === undefined) return
    hashById.delete(sessionId)
    byHash.delete(hash)
  }

  function clear() {
    generation++
    byHash.clear()
    hashById.clear()
  }

  function changed(payload: string) {
    generation++
    const sessionId = Number(payload)
    forget(sessionId)
    onChange?.(sessionId)
  }

  return {
    get: (tokenHash: string): CachedSession | undefined => (live ? byHash.get(tokenHash) : undefined),

    /** Read before a database read; `put` ignores the row if anything changed since. */
    generation: () => generation,

    put(tokenHash: string, session: CachedSession, readAt: number) {
      if (!live || readAt !== generation) return
      if (byHash.size >= MAX_ENTRIES) {
        const oldest = byHash.values().next().value
        if (oldest) forget(oldest.id)
      }
      byHash.set(tokenHash, session)
      hashById.set(session.id, tokenHash)
    },

    /** This instance ended the session: forget it now, before the notification comes back. */
    forget(sessionId: number) {
      generation++
      forget(sessionId)
    },

    /** Starts listening (app onReady); without a listener nothing is ever cached. */
    async start() {
      if (!listen || unlisten) return
      unlisten = await listen(SESSION_CHANNEL, changed, (isLive) => {
        clear()
        live = isLive
      })
      live = true
    },

    async stop() {
      live = false
      clear()
      await unlisten?.()
      unlisten = null
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
