// Delivering the outbox by hand, as a dispatcher would, for tests that need to see each attempt.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../server/db/client'
import { outbox } from '../../../server/db/schema'

/** The newest outbox row's id (0 when none): what a test queues next comes after it. */
export const lastOutboxId = async (db: Database) =>
  Math.max(0, ...(await db.select({ id: outbox.id }).from(outbox)).map((row) => row.id))

/**
 * Makes one attempt at each row queued after `since` (what a dispatcher does) through `on`, and at
 * the rows those attempts queue in turn (a refused WeChat message's fallback), waiting for every
 * app in `settle` (another instance's dispatcher may be at work too); then returns the account's
 * rows after `since`, in id order.
 */
export async function deliverSince(
  db: Database,
  {
    since,
    accountId,
    on,
    settle = [on],
  }: { since: number; accountId: number; on: FastifyInstance; settle?: FastifyInstance[] },
) {
  const attempted = new Set<number>()
  for (let round = 0; round < 3; round += 1) {
    const queued = (await db.select().from(outbox)).filter((row) => row.id > since && !attempted.has(row.id))
    for (const row of queued) {
      attempted.add(row.id)
      await on.outbox.attempt(row.id)
    }
    for (const app of new Set([on, ...settle])) await app.outbox.settle()
  }
  const rows = await db.select().from(outbox).where(eq(outbox.accountId, accountId))
  return rows.filter((row) => row.id > since).sort((a, b) => a.id - b.id)
}
