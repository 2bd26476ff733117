// Addresses each member has logged in from. A later step of the login flow asks for SMS
// verification from an unknown address (doc2 §2 Login: security verification modal).
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { knownAddresses } from '../../db/schema'

export function createKnownAddresses({ db, now }: AppContext) {
  async function remember(memberId: number, ip: string): Promise<void> {
    const seenAt = now()
    await db
      .insert(knownAddresses)
      .values({ memberId, ip, firstSeenAt: seenAt, lastSeenAt: seenAt })
      .onConflictDoUpdate({
        target: [knownAddresses.memberId, knownAddresses.ip],
        set: { lastSeenAt: seenAt },
      })
  }

  async function isKnown(memberId: number, ip: string): Promise<boolean> {
    const [row] = await db
      .select({ id: knownAddresses.id })
      .from(knownAddresses)
      .where(and(eq(knownAddresses.memberId, memberId), eq(knownAddresses.ip, ip)))
      .limit(1)
    return Boolean(row)
  }

  /** Dev sandbox: forget them all, so the next password login asks for verification. */
  async function forgetAll(memberId: number): Promise<number> {
    const removed = await db
      .delete(knownAddresses)
      .where(eq(knownAddresses.memberId, memberId))
      .returning({ id: knownAddresses.id })
    return removed.length
  }

  return { remember, isKnown, forgetAll }
}

export type KnownAddresses = ReturnType<typeof createKnownAddresses>
