// The store of @fastify/rate-limit's counts (http/rate-limits.ts). On PostgreSQL the fixed windows
// are rows of rate_limit_windows, counted by one atomic upsert per call, so every instance on the
// database enforces one limit. PGlite is one process: it keeps the in-memory store.
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import { Pool } from 'pg'
import type { Database } from '../db/client'
import { rateLimitWindows } from '../db/schema'
import { SharedWindowStore } from './rate-limits'

/** Ended windows are deleted at most this often per instance (a minute's rows at most linger). */
const PRUNE_EVERY_MS = 60_000

export type RateLimitStoreClass = new () => FastifyRateLimitStore

/** The store for this database: shared rows on PostgreSQL, the process's memory on PGlite. */
export function rateLimitStoreFor(db: Database): RateLimitStoreClass {
  const client = (db as unknown as { $client?: unknown }).$client
  return client instanceof Pool ? databaseWindowStore(db) : SharedWindowStore
}

export function databaseWindowStore(db: Database): RateLimitStoreClass {
  let prunedAt = 0
  async function count(key: string, timeWindow: number) {
    // The window's clock is this process's (Date.now, like the memory store), not the database's.
    const now = Date.now()
    const current = new Date(now)
    const endsAt = new Date(now + timeWindow)
    const [row] = await db
      .insert(rateLimitWindows)
      .values({ key, count: 1, endsAt })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${rateLimitWindows.endsAt} <= ${current} then 1 else ${rateLimitWindows.count} + 1 end`,
          endsAt: sql`case when ${rateLimitWindows.endsAt} <= ${current} then excluded.ends_at else ${rateLimitWindows.endsAt} end`,
        },
      })
      .returning({ count: rateLimitWindows.count, endsAt: rateLimitWindows.endsAt })
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now
      await db.delete(rateLimitWindows).where(lt(rateLimitWindows.endsAt, current))
    }
    return { current: row.count, ttl: Math.max(0, row.endsAt.getTime() - now) }
  }

  return class DatabaseWindowStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }

    /** Every limited route counts in the same table (a group spans routes). */
    child(): FastifyRateLimitStore {
      return this
    }
  }
}
