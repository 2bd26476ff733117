// 注销账号: an owner's request to cancel its account, kept through the 7-day cooling-off (注销中)
// and, once the job has cancelled the account, as the record of when that happened.
import { index, integer, pgTable } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { accounts, members } from './tables-members'

/** One row per account with a cancellation under way or done; a withdrawal deletes it. */
export const accountCancellations = pgTable(
  'account_cancellations',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id),
    /** The owner who asked (the member whose phone and WeChat are released at the end). */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    requestedAt: at('requested_at').notNull(),
    /** requestedAt + 7 days: the housekeeping job cancels the account from then on. */
    dueAt: at('due_at').notNull(),
    /** Set by the one job run that cancelled the account (its guarded UPDATE claims the row). */
    finishedAt: at('finished_at'),
  },
  (t) => [index('account_cancellations_due_idx').on(t.dueAt)],
)
