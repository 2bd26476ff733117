// Sub-admin activation, the position dictionary and the customer managers
// (account-area §3, §4, §7).
import { integer, pgTable, smallint, uniqueIndex, varchar, index } from 'drizzle-orm/pg-core'
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
