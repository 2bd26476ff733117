// Account settings (account-area §2, §3, §4, §5): the login IP mask of a main account, and each
// member's 操作保护 with its WeChat confirmation requests.
import { boolean, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { sessions } from './tables-auth'
import { accounts, members } from './tables-members'

/**
 * 登录掩码: the IPv4 addresses (comma-joined, account-area §3) a login to the account must come
 * from while `enabled` (the switch; sent as status 0 = restricting, 1 = unrestricted, §4).
 */
export const loginMasks = pgTable(
  'login_masks',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    ips: text('ips').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('login_masks_account_key').on(t.accountId)],
)

/**
 * 操作保护: how the member re-verifies before a protected action ('sms', 'totp' or 'wechat') and for how many
 * minutes a verification lasts (5 to 30). No row: SMS, 10 minutes.
 */
export const operationProtections = pgTable('operation_protections', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  method: varchar('method', { length: 8 }).notNull(),
  windowMinutes: smallint('window_minutes').notNull(),
  updatedAt: at('updated_at').notNull(),
})

/**
 * 操作保护 by WeChat: a session's request that the member's bound WeChat confirm in the mini-program
 * (waiting → confirmed or cancelled; confirmed → consumed when the requesting session takes it and
 * becomes fresh). The QR shows the code; only its hash is kept. One open request per session.
 */
export const wechatReverifications = pgTable(
  'wechat_reverifications',
  {
    id: id(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** One of PROTECTED_ACTIONS: what the phone is shown. */
    action: varchar('action', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    requesterBrowser: varchar('requester_browser', { length: 64 }).notNull(),
    requesterIp: varchar('requester_ip', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [uniqueIndex('wechat_reverifications_code_key').on(t.codeHash)],
)
