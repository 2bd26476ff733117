// Sub-admin activation, the message outbox, the position dictionary and the customer managers
// (account-area §3, §4, §7).
import { integer, pgTable, smallint, text, uniqueIndex, varchar, index } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, subAccounts } from './tables-members'

/**
 * Activation links (account-area §4): a sub-admin is not active until the link sent by SMS and
 * e-mail is used. Only the sha256 of the code is kept; single use, expiring.
 */
export const subAccountActivations = pgTable(
  'sub_account_activations',
  {
    id: id(),
    subAccountId: integer('sub_account_id')
      .notNull()
      .references(() => subAccounts.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('sub_account_activations_code_key').on(t.codeHash),
    index('sub_account_activations_sub_idx').on(t.subAccountId),
  ],
)

/**
 * Messages with text (activation links) "sent" by SMS or e-mail. There is no carrier: they are
 * written here and read back at GET /__dev/mail outside production. SMS codes keep their own
 * table (sms_outbox), whose rows count towards the 60 s resend lock.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    /** 'sms' or 'email'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** A phone or an e-mail address. */
    recipient: varchar('recipient', { length: 128 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    body: text('body').notNull(),
    /** The site path the message links to, e.g. /activation?activeCode=…. */
    link: varchar('link', { length: 256 }).notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('message_outbox_recipient_idx').on(t.recipient, t.createdAt)],
)

/** Dictionaries of select options (GET /api/pc/getListByCode), e.g. recipient_position. */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    itemValue: varchar('item_value', { length: 32 }).notNull(),
    itemText: varchar('item_text', { length: 64 }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionary_items_code_value_key').on(t.code, t.itemValue)],
)

/**
 * The customer manager of an account (accountVipServer: name, qrCode). qr_code is the code of the
 * manager's enterprise-WeChat contact card; null while none is bound.
 */
export const accountVipServers = pgTable(
  'account_vip_servers',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: varchar('name', { length: 32 }).notNull(),
    qrCode: varchar('qr_code', { length: 64 }),
  },
  (t) => [
    uniqueIndex('account_vip_servers_account_key').on(t.accountId),
    uniqueIndex('account_vip_servers_qr_code_key').on(t.qrCode),
  ],
)
