// Order lines, expiry reminders and who hears what (the renewal centre). Every order has one line
// or more: a single purchase, renewal or upgrade one, a batch renewal one per product.
import { index, integer, jsonb, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { businesses, orders } from './tables-commerce'
import { accounts } from './tables-members'

/** One product of an order, priced from the catalogue (server/services/checkout/catalog.ts). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The business renewed or upgraded; for a new purchase, set once it is opened. */
    businessId: integer('business_id').references(() => businesses.id),
    skuId: varchar('sku_id', { length: 32 }).notNull(),
    productName: varchar('product_name', { length: 64 }).notNull(),
    productVersion: varchar('product_version', { length: 64 }).notNull().default(''),
    productType: smallint('product_type').notNull(),
    /** The business's domain (or the one a purchase will open on). */
    secondDomain: varchar('second_domain', { length: 128 }).notNull().default(''),
    /** Years bought (BuyCycle). */
    cycleNum: smallint('cycle_num').notNull().default(1),
    payMethod: varchar('pay_method', { length: 16 }).notNull().default('年'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.id),
    // "Is this business in an unpaid renewal?" reads a business's lines.
    index('order_lines_business_idx').on(t.businessId),
  ],
)

/**
 * One row per reminder sent: (business, account, expiry date, threshold) is sent at most once,
 * whichever instance runs the job and however often. The insert that wins the row sends it.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: id(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    /** The owner it went to: a product transferred later reminds its new owner afresh. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The expiry date (Beijing time, YYYY-MM-DD) it was about: a renewal starts a new series. */
    expireDate: varchar('expire_date', { length: 10 }).notNull(),
    /** Days before expiry (30, 15, 7, 3, 1, 0) or after it (-1 … -7). */
    threshold: smallint('threshold').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    uniqueIndex('reminder_sends_key').on(t.businessId, t.accountId, t.expireDate, t.threshold),
    index('reminder_sends_sent_idx').on(t.sentAt),
  ],
)

/**
 * 消息接收管理: per account and category, who hears it on each channel. A category without a row
 * has the defaults (src/core/contract/notifications.ts DEFAULT_AUDIENCE).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** NOTIFY_CATEGORY. */
    category: varchar('category', { length: 16 }).notNull(),
    /** Per channel (inbox, sms, email), the audience keys: 'owner', 'sub:<id>', 'rcpt:<id>'. */
    audience: jsonb('audience').$type<Record<string, string[]>>().notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('notification_preferences_key').on(t.accountId, t.category)],
)

/** Quiet hours (免打扰, Beijing time): SMS in them waits until they end; 账号安全 is never held. */
export const notificationSettings = pgTable('notification_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** HH:MM, both set or both null. */
  quietStart: varchar('quiet_start', { length: 5 }),
  quietEnd: varchar('quiet_end', { length: 5 }),
  updatedAt: at('updated_at').notNull(),
})
