// Businesses (the products and sites on /index) and their orders (account-area §3, §4; doc2 §3, §4).
// Amounts are numeric(12,2) and always computed by the server from the catalogue
// (server/services/checkout/catalog.ts): the client never sends a price.
import { index, integer, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, subAccounts } from './tables-members'

/** A purchased product or site (account-area §3 "Product/site card"). */
export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The order that opened it (selectBusinessIsOpen polls by this code). */
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    /** Catalogue SKU (server/services/checkout/catalog.ts). */
    skuId: varchar('sku_id', { length: 32 }).notNull(),
    secondDomain: varchar('second_domain', { length: 128 }).notNull(),
    realSecondDomain: varchar('real_second_domain', { length: 128 }).notNull().default(''),
    relationSecondDomain: varchar('relation_second_domain', { length: 128 }).notNull().default(''),
    websiteName: varchar('website_name', { length: 64 }).notNull().default(''),
    productName: varchar('product_name', { length: 64 }).notNull(),
    productVersion: varchar('product_version', { length: 64 }).notNull().default(''),
    /** doc2 §4: contracts exist for product types 1 and 2. */
    productType: smallint('product_type').notNull(),
    /** Sales channel: 1638 / 31 marketplace, 1723 / 1740 partners, 32 direct (doc2 §4). */
    channel: integer('channel').notNull().default(32),
    /** 0: bought through the cloud marketplace (renewal goes there). */
    newOrder: smallint('new_order').notNull().default(1),
    /** 1 product card, otherwise a site card. */
    source: smallint('source').notNull().default(1),
    /** 0 opening, 1 valid, 2 paused, 3 stopped, 4 expired, 5 refunded, 6 upgrading (account-area §4). */
    status: smallint('status').notNull(),
    /** With status 4: 1 still inside the renewal window, 0 past it. */
    isExpire: smallint('is_expire').notNull().default(0),
    payMethod: varchar('pay_method', { length: 16 }).notNull().default('年'),
    businessCenterState: smallint('business_center_state').notNull().default(0),
    isNeedDeliver: smallint('is_need_deliver').notNull().default(0),
    isProjectFinish: smallint('is_project_finish').notNull().default(0),
    showHoutai: smallint('show_houtai').notNull().default(1),
    isDaiweiBusiness: smallint('is_daiwei_business').notNull().default(0),
    /** RENEWAL_MODE (src/core/contract/renewal.ts): 0 提醒后手动续费, 1 到期不续. */
    renewalMode: smallint('renewal_mode').notNull().default(0),
    /** The delivery centre address (getAddressByProjectStatus); empty = none yet. */
    deliveryAddress: text('delivery_address').notNull().default(''),
    /** The one outstanding backend sign-in ticket (miandenglu): its sha256, cleared when used. */
    backendTicketHash: varchar('backend_ticket_hash', { length: 64 }),
    backendTicketExpiresAt: at('backend_ticket_expires_at'),
    openTime: at('open_time'),
    expireTime: at('expire_time'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('businesses_account_idx').on(t.accountId),
    // The reminder job reads the businesses whose expiry falls in its window, whatever the table's size.
    index('businesses_expire_idx').on(t.expireTime),
    uniqueIndex('businesses_domain_key').on(t.secondDomain),
  ],
)

/** An order (doc2 §3 "Order"). status: 1 paid, 2 refunded, 3 unpaid, 4 voided (doc2 §4). */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sub-admin who placed it (GenerateOrder CommonParam.subAccountId); null = the owner. */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    /** The business renewed or upgraded, or opened once a new purchase is paid. */
    businessId: integer('business_id').references(() => businesses.id),
    skuId: varchar('sku_id', { length: 32 }).notNull(),
    productName: varchar('product_name', { length: 64 }).notNull(),
    productVersion: varchar('product_version', { length: 64 }).notNull().default(''),
    productType: smallint('product_type').notNull(),
    /** OrderTypeId: 1 new purchase, 2 renewal, 3 upgrade. */
    orderType: smallint('order_type').notNull(),
    /** Years bought (BuyCycle). */
    cycleNum: smallint('cycle_num').notNull().default(1),
    payMethod: varchar('pay_method', { length: 16 }).notNull().default('年'),
    /** For a new purchase: the domain the business will open on. */
    secondDomain: varchar('second_domain', { length: 128 }).notNull().default(''),
    salesChannel: integer('sales_channel').notNull().default(32),
    status: smallint('status').notNull(),
    originalAmount: numeric('original_amount', { precision: 12, scale: 2 }).notNull(),
    payAmount: numeric('pay_amount', { precision: 12, scale: 2 }).notNull(),
    /** Invoice: 1 can apply, 2/3 applied, 4 issued (billUrl), 5 rejected, re-apply (doc2 §4). */
    billStatus: smallint('bill_status').notNull().default(1),
    billUrl: text('bill_url').notNull().default(''),
    /** Contract: 0/3/4 can apply, 1/2 signed or signing (doc2 §4). */
    signStatus: smallint('sign_status').notNull().default(0),
    /**
     * The account whose invoice and contract records the order's are, once it is no longer the
     * order's account (a product transfer moved it): null = `accountId`. Only that account applies.
     */
    billingAccountId: integer('billing_account_id').references(() => accounts.id),
    isEvaluate: smallint('is_evaluate').notNull().default(0),
    isDisplay: smallint('is_display').notNull().default(1),
    createdAt: at('created_at').notNull(),
    payTime: at('pay_time'),
    /** Unpaid orders are cancelled automatically at this time (getOrderTimeOut). */
    payDeadline: at('pay_deadline'),
  },
  (t) => [
    uniqueIndex('orders_code_key').on(t.orderCode),
    // The order list (getOrder: account, shown, newest first) and a business's orders (getOrderDetails),
    // read in index order and paged in SQL, whatever the table's size.
    index('orders_account_idx').on(t.accountId, t.isDisplay, t.createdAt, t.id),
    index('orders_business_idx').on(t.businessId, t.createdAt, t.id),
  ],
)
