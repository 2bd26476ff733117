// Product transfer's verification (account-area §4 Transfer, §9; services/product-transfer): step 1's
// SMS code proven for one session, held 30 s, claimed by step 2 for a choice of businesses and
// spent by step 3's move for exactly that choice.
import { index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { sessions } from './tables-auth'

export const transferVerifications = pgTable(
  'transfer_verifications',
  {
    id: uuid('id').primaryKey(),
    /** The session that proved the code: only it may go on (ended with it). */
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The bound phone the code went to. */
    phone: varchar('phone', { length: 11 }).notNull(),
    createdAt: at('created_at').notNull(),
    /** 30 s from step 1; once claimed, the SMS code's lifetime for step 3. */
    expiresAt: at('expires_at').notNull(),
    /** Step 2 claimed it for `choice`. */
    claimedAt: at('claimed_at'),
    /** A digest of the chosen businesses' ids (in any order): step 3 must move exactly those. */
    choice: varchar('choice', { length: 64 }),
    /** Step 3 moved the businesses with it. */
    spentAt: at('spent_at'),
    /** A later verification of the same session voided it. */
    voidedAt: at('voided_at'),
  },
  (t) => [index('transfer_verifications_session_idx').on(t.sessionId)],
)
