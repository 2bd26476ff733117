// Sessions and everything a login is checked with: captchas, SMS codes, attempts, known addresses, entry tokens.
import { boolean, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { roleColumns } from './columns-role'
import { members } from './tables-members'

/** A login session. Only the sha256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ...roleColumns(),
    /** How the session began: 'password', or an entry link's source such as 'workOrder'. */
    source: varchar('source', { length: 32 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** The client's long-lived device id (X-Device-Id); '' when it sent none. */
    deviceId: varchar('device_id', { length: 36 }).notNull().default(''),
    /** 登录设备's label, from fixed names: `Chrome · Windows`, `微信内浏览器 · iOS`, `微信小程序`. */
    device: varchar('device', { length: 32 }).notNull().default(''),
    /** The city of `ip` from the offline IP database, 局域网 or 未知. */
    city: varchar('city', { length: 32 }).notNull().default(''),
    /**
     * A password login from an address the member has not used: until an SMS to the bound phone is
     * confirmed, the session may only call the security-verification routes and logout.
     */
    pendingVerification: boolean('pending_verification').notNull().default(false),
    /**
     * A password or SMS login of a member with the second factor on ('verify') or one its main
     * account requires it of ('enrol'): until it is given, only the second-factor routes and logout.
     */
    pendingSecondFactor: varchar('pending_second_factor', { length: 8 }),
    /**
     * When credentials were last shown for the session: its login, or an SMS re-verification for a
     * sensitive change. Fresh for 10 minutes (server/services/account/account-reverify.ts); null = never
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
    ...roleColumns(),
    source: varchar('source', { length: 32 }).notNull().default(''),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('entry_tokens_token_key').on(t.tokenHash)],
)
