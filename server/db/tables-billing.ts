// Invoice and contract applications (doc2 §3-§5). An invoice application covers one or several
// orders of the account (合并开票); the orders' billStatus / signStatus say where they stand (doc2 §4).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { orders } from './tables-commerce'
import { accounts } from './tables-members'

/**
 * POST /api/pc/applyBill and applyMergedBill (doc2 §3 "Invoice application"). The amount is the sum
 * of its orders', never the client's; the title fields are the application's own copy, so editing a
 * saved title later never changes it.
 */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: id(),
    /** The first of its orders (all of them in invoice_application_orders). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 1 personal, 2 enterprise. */
    subject: smallint('subject').notNull(),
    /** 1 electronic, 2 paper, 3 paper special, 4 electronic special. */
    billType: smallint('bill_type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** Taxpayer id, or the person's ID number. */
    code: varchar('code', { length: 100 }).notNull(),
    content: varchar('content', { length: 32 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    applicant: varchar('applicant', { length: 100 }).notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    applicantPhone: varchar('applicant_phone', { length: 11 }).notNull(),
    enterpriseAddress: varchar('enterprise_address', { length: 200 }).notNull().default(''),
    enterpriseTel: varchar('enterprise_tel', { length: 30 }).notNull().default(''),
    depositBank: varchar('deposit_bank', { length: 100 }).notNull().default(''),
    depositBankCard: varchar('deposit_bank_card', { length: 30 }).notNull().default(''),
    /** One or several mailboxes, comma separated (every one receives the electronic invoice). */
    receiveMail: varchar('receive_mail', { length: 1300 }).notNull().default(''),
    receiveName: varchar('receive_name', { length: 100 }).notNull().default(''),
    receivePhone: varchar('receive_phone', { length: 11 }).notNull().default(''),
    /** Region ids of the address tree (server/services/account/address-tree.ts); 0 for electronic invoices. */
    province: integer('province').notNull().default(0),
    city: integer('city').notNull().default(0),
    area: integer('area').notNull().default(0),
    /** Province name + city name + detailed address (doc2 §3). */
    receiveAddress: varchar('receive_address', { length: 300 }).notNull().default(''),
    /** INVOICE_STATE (src/core/contract/invoices.ts): 1 申请中, 2 已开票, 3 换开中, 4 已驳回. */
    state: smallint('state').notNull().default(1),
    /** Random key of the issued PDF's sandbox address; a new one at every (re-)issue. */
    fileKey: varchar('file_key', { length: 64 }),
    issuedAt: at('issued_at'),
    /** The reason of the latest 换开 request, and how many times it was re-issued. */
    reissueReason: varchar('reissue_reason', { length: 200 }).notNull().default(''),
    reissues: smallint('reissues').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('invoice_applications_order_idx').on(t.orderId),
    index('invoice_applications_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('invoice_applications_file_key').on(t.fileKey),
  ],
)

/**
 * The orders of an invoice application. `current` is cleared when the application is rejected (the
 * order may apply again): one current application per order, so two racing applications for the
 * same order cannot both be written.
 */
export const invoiceApplicationOrders = pgTable(
  'invoice_application_orders',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => invoiceApplications.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    current: boolean('current').notNull().default(true),
  },
  (t) => [
    index('invoice_application_orders_application_idx').on(t.applicationId),
    uniqueIndex('invoice_application_orders_current')
      .on(t.orderId)
      .where(sql`${t.current}`),
  ],
)

/** 发票抬头: what an account invoices to, chosen in the invoice dialog instead of retyping it. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 1 personal, 2 enterprise (as invoice_applications.subject). */
    subject: smallint('subject').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** The enterprise's taxpayer id, or the person's ID number. */
    code: varchar('code', { length: 100 }).notNull(),
    enterpriseAddress: varchar('enterprise_address', { length: 200 }).notNull().default(''),
    enterpriseTel: varchar('enterprise_tel', { length: 30 }).notNull().default(''),
    depositBank: varchar('deposit_bank', { length: 100 }).notNull().default(''),
    depositBankCard: varchar('deposit_bank_card', { length: 30 }).notNull().default(''),
    mailboxes: jsonb('mailboxes').$type<string[]>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('invoice_titles_account_idx').on(t.accountId)],
)

/** POST /api/esign/applyContract (doc2 §3 "Contract application") and the signed file. */
export const contractApplications = pgTable(
  'contract_applications',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 0 personal, 1 enterprise. */
    applyType: smallint('apply_type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    orgName: varchar('org_name', { length: 100 }).notNull().default(''),
    idType: varchar('id_type', { length: 32 }).notNull(),
    idTypeName: varchar('id_type_name', { length: 32 }).notNull(),
    idNumber: varchar('id_number', { length: 32 }).notNull().default(''),
    facNumber: varchar('fac_number', { length: 32 }).notNull().default(''),
    orgLegalIdType: varchar('org_legal_id_type', { length: 32 }).notNull().default(''),
    orgLegalIdTypeName: varchar('org_legal_id_type_name', { length: 32 }).notNull().default(''),
    orgLegalIdNumber: varchar('org_legal_id_number', { length: 32 }).notNull().default(''),
    orgLegalName: varchar('org_legal_name', { length: 64 }).notNull().default(''),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    contacts: varchar('contacts', { length: 64 }).notNull().default(''),
    /** Random key in the file's address: the download needs no session but cannot be guessed. */
    fileKey: varchar('file_key', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull(),
    signedAt: at('signed_at'),
  },
  (t) => [
    index('contract_applications_order_idx').on(t.orderId),
    uniqueIndex('contract_file_key').on(t.fileKey),
  ],
)
