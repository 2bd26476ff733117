// The columns naming who acts and in which role, shared by the rows a role is carried on (sessions,
// entry tokens, WeChat bind scenes). Apart from columns.ts, which tables-members.ts itself uses.
import { integer, smallint } from 'drizzle-orm/pg-core'
import { accounts, members, subAccounts } from './tables-members'

/** The member, the account it acts on and its role there; subAccountId is null for the main account. */
export const roleColumns = () => ({
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  subAccountId: integer('sub_account_id').references(() => subAccounts.id),
  role: smallint('role').notNull(),
})
