// The one Postgres schema of the reference server. It runs unchanged on PGlite and PostgreSQL
// (design "Reference server"); everything stateful lives here so several instances can share a
// database. Generate migrations with `npm run db:generate` after changing it.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { at, id } from './columns'

// Domain tables live beside this file, one file a domain; this module is the schema's one entry.
export * from './tables-account'
export * from './tables-subaccounts'
export * from './tables-commerce'
export * from './tables-billing'
export * from './tables-wechat-binding'
export * from './tables-payments'

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

/** A login session. Only the sha256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** null for the main account role. */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    role: smallint('role').notNull(),
    /** How the session began: 'password', or an entry link's source such as 'workOrder'. */
    source: varchar('source', { length: 32 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /**
     * A password login from an address the member has not used: until an SMS to the bound phone is
     * confirmed, the session may only call the security-verification routes and logout.
     */
    pendingVerification: boolean('pending_verification').notNull().default(false),
    /**
     * When credentials were last shown for the session: its login, or an SMS re-verification for a
     * sensitive change. Fresh for 10 minutes (server/services/account-reverify.ts); null = never
     * (account switch, entry links).
     */
    verifiedAt: at('verified_at'),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
)

/**
 * Image and slider captchas. Single use: the first verification attempt consumes it (used_at).
 * A slider answered right is solved for one phone (solved_at, phone) and then permits one SMS
 * send to that phone (spent_at).
 */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull(),
  /** Image: the characters. Slider: the captchaData that passes, `{"x":N}`. */
  answer: varchar('answer', { length: 64 }).notNull(),
  phone: varchar('phone', { length: 11 }),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  solvedAt: at('solved_at'),
  spentAt: at('spent_at'),
})

/**
 * Every SMS send request; the server "sends" by writing the code here (the dev sandbox reads it
 * back). code is null when nothing was sent (a login or reset code asked for an unknown phone):
 * the row still counts towards the send limits, so they do not reveal which phones exist.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    phone: varchar('phone', { length: 11 }).notNull(),
    code: varchar('code', { length: 6 }),
    /** login, register, forget, bindPhone, securityVerification: a code only proves its own purpose. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** The requesting client's address, for the hourly per-address limit. */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** Wrong codes entered against this one; at 5 it is void. */
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    index('sms_outbox_ip_idx').on(t.ip, t.createdAt),
  ],
)

/** Password login attempts, for the per-identifier lockout and the per-IP limit. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    identifier: varchar('identifier', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('login_attempts_identifier_idx').on(t.identifier, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
)

/** Addresses a member has logged in from; an unknown one will need SMS verification (doc2 §2 Login). */
export const knownAddresses = pgTable(
  'known_addresses',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ip: varchar('ip', { length: 64 }).notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('known_addresses_member_ip_key').on(t.memberId, t.ip)],
)

/** Single-use entry tokens carried by links into the console (fkToken, account-area §2). */
export const entryTokens = pgTable(
  'entry_tokens',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    role: smallint('role').notNull(),
    source: varchar('source', { length: 32 }).notNull().default(''),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('entry_tokens_token_key').on(t.tokenHash)],
)

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
  (t) => [index('operate_records_account_idx').on(t.accountId, t.createdAt)],
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
  (t) => [
    index('notices_addressee_idx').on(t.accountId, t.subAccountId, t.readStatus),
    index('notices_addressee_time_idx').on(t.accountId, t.subAccountId, t.createdAt),
  ],
)

/** Work orders (doc2 §3, §4). Minimal for now: enough for the header badge. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    number: varchar('number', { length: 8 }).notNull(),
    type: smallint('type').notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('work_orders_account_idx').on(t.accountId)],
)

/** Communication records of a work order. role: 0 system, 1 member, 2 engineer reply, 3, 4 (doc2 §4). */
export const workOrderRecords = pgTable(
  'work_order_records',
  {
    id: id(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    role: smallint('role').notNull(),
    content: text('content').notNull(),
    looked: boolean('looked').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('work_order_records_order_idx').on(t.workOrderId)],
)

/**
 * Desktop QR-code scenes (doc2 §2 Login: QR scan login and WeChat registration). The QR carries
 * the scene code; the desktop polls it. status: waiting -> scanned -> confirmed -> consumed
 * (the confirmed answer is given once), or cancelled.
 */
export const wechatScenes = pgTable(
  'wechat_scenes',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    /** login or register. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** The openid that confirmed (sandbox scan page), if any. */
    openid: varchar('openid', { length: 64 }),
    /** The member who confirmed from a mini-program session (scanCode), if any. */
    memberId: integer('member_id').references(() => members.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [uniqueIndex('wechat_scenes_code_key').on(t.code)],
)

/**
 * Single-use WeChat tickets, stored as sha256: 'oauthState' (an in-app OAuth request),
 * 'oauthCode' (the code the OAuth page hands back), 'miniBind' (a mini-program openid waiting
 * for a phone).
 */
export const wechatTickets = pgTable(
  'wechat_tickets',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    openid: varchar('openid', { length: 64 }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('wechat_tickets_token_key').on(t.tokenHash)],
)
