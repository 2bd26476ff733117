// Members (people), the accounts they own or administer, and the sites in the account switch.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'

/** A person. Identified by phone; a member may have no bound phone (spec account-area §2 guard). */
export const members = pgTable(
  'members',
  {
    id: id(),
    phone: varchar('phone', { length: 11 }),
    email: varchar('email', { length: 128 }).notNull().default(''),
    passwordHash: text('password_hash'),
    passwordUpdatedAt: at('password_updated_at'),
    /** The WeChat openid this member logs in with (QR scan, in-app OAuth, mini-program); null when none. */
    wxOpenId: varchar('wx_open_id', { length: 64 }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('members_phone_key').on(t.phone), uniqueIndex('members_wx_open_id_key').on(t.wxOpenId)],
)

/** A main account (accountId), owned by one member; its login name is member_account. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    ownerMemberId: integer('owner_member_id')
      .notNull()
      .references(() => members.id),
    memberAccount: varchar('member_account', { length: 64 }).notNull(),
    accountName: varchar('account_name', { length: 64 }).notNull(),
    referralCode: varchar('referral_code', { length: 6 }),
    /** 1 normal. personal info `state` (account-area §2: the operation log depends on it). */
    state: smallint('state').notNull().default(1),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('accounts_owner_key').on(t.ownerMemberId),
    // Logins match the member account case-insensitively, so uniqueness must too.
    uniqueIndex('accounts_member_account_key').on(sql`lower(${t.memberAccount})`),
  ],
)

/** A sub-administrator role (subAccountId) on an account, held by a member (account-area §3). */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * The member holding the role: set when the activation link is used (a member is created then
     * if the phone has none); null before activation and after deletion.
     */
    memberId: integer('member_id').references(() => members.id),
    fullName: varchar('full_name', { length: 32 }).notNull(),
    mailbox: varchar('mailbox', { length: 128 }).notNull().default(''),
    phoneNumber: varchar('phone_number', { length: 11 }).notNull(),
    position: varchar('position', { length: 32 }).notNull().default(''),
    /** 0 not activated (activation link unused), 1 active (account-area §4). */
    activeState: smallint('active_state').notNull().default(0),
    isReceiveNotify: smallint('is_receive_notify').notNull().default(1),
    isWebsiteManage: smallint('is_website_manage').notNull().default(1),
    createdAt: at('created_at').notNull(),
    /** Deleted by the main account: kept for the log and the sessions that name it, never listed. */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('sub_accounts_account_member_key').on(t.accountId, t.memberId),
    index('sub_accounts_member_idx').on(t.memberId),
    // One live sub-admin per phone and account (checkPhoneNumberAvailable).
    uniqueIndex('sub_accounts_account_phone_key')
      .on(t.accountId, t.phoneNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
)

/** Sites shown next to each account in the header's switch list (account-area §2). */
export const sites = pgTable(
  'sites',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteName: varchar('site_name', { length: 64 }).notNull(),
    siteUrl: varchar('site_url', { length: 256 }).notNull(),
  },
  (t) => [index('sites_account_idx').on(t.accountId)],
)
