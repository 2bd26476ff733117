// The operation log and the notices of an account.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, subAccounts } from './tables-members'

/** The operation log (account-area §3, §4: type 0-10, status 0 success / 1 failure). */
export const operateRecords = pgTable(
  'operate_records',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    memberAccount: varchar('member_account', { length: 64 }).notNull(),
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  // The log list: the viewer's own entries (account and sub-admin or none), newest first.
  // `sub_account_id is null` (the main account's) is no equality to the planner: an index on
  // (account_id, sub_account_id, created_at) would not give its order, so the main account has its own.
  (t) => [
    index('operate_records_account_idx').on(t.accountId, t.subAccountId, t.createdAt, t.id),
    index('operate_records_main_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`${t.subAccountId} is null`),
  ],
)

/** Notices. sub_account_id null = addressed to the main account (account-area §3). */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    /** The message template's title, shown when the notice has none of its own. */
    templateTitle: varchar('template_title', { length: 128 }).notNull().default(''),
    /** Sanitised HTML (services/notices storeNotice). */
    content: text('content').notNull(),
    /** The detail fields of its message type (account-area §3), including the type-4 chart data. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** fileList: { fileUrl, fileName, filetype, isPhoto }[]. */
    attachments: jsonb('attachments').$type<Record<string, unknown>[]>().notNull().default([]),
    /** 0 unread, 1 read. */
    readStatus: smallint('read_status').notNull().default(0),
    /** Already shown in the home popup (selectLatestNews / updatePopStatus). */
    popped: boolean('popped').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  // Every list reads one addressee's notices newest first: all of them (messageList), the read or
  // unread ones (messageList readStatus, getUnReadList, getUnReadCount), the newest not yet popped
  // (selectLatestNews, polled every 3 s: a partial index holding only those). The main account's
  // notices (`sub_account_id is null`, which the planner does not treat as an equality, so the
  // addressee indexes would not give their order) have their own partial indexes.
  (t) => [
    index('notices_addressee_idx').on(t.accountId, t.subAccountId, t.readStatus, t.createdAt, t.id),
    index('notices_addressee_time_idx').on(t.accountId, t.subAccountId, t.createdAt, t.id),
    index('notices_main_idx')
      .on(t.accountId, t.readStatus, t.createdAt, t.id)
      .where(sql`${t.subAccountId} is null`),
    index('notices_main_time_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`${t.subAccountId} is null`),
    index('notices_unpopped_idx')
      .on(t.accountId, t.subAccountId, t.createdAt, t.id)
      .where(sql`${t.readStatus} = 0 and not ${t.popped}`),
  ],
)
