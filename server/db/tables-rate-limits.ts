// The per-minute windows of server/http/rate-limits.ts when the database is PostgreSQL: every
// instance behind a load balancer counts in the same rows, so a client gets one limit, not one per
// instance (http/rate-limit-store.ts). Keyed by client address and rule group.
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

export const rateLimitWindows = pgTable('rate_limit_windows', {
  /** Normalised address + '|' + group, e.g. "203.0.113.9|image-captcha". */
  key: varchar('key', { length: 128 }).primaryKey(),
  count: integer('count').notNull(),
  /** The window's end: the next call after it starts a new window. */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
})
