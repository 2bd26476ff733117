// Work orders (doc2 §3, §4): the orders, their communication records, the problem templates, the
// uploaded files and their bytes, and the maintenance allowances (evaluation
// surveys: tables-evaluations.ts).
import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { ServiceProjectRequest, WorkOrderDataField } from '../../src/core/contract/work-orders'
import { at, id } from './columns'
import { accounts, members, subAccounts } from './tables-members'

/** Raw bytes (bytea): the same column on PGlite and PostgreSQL. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** A problem category (doc2 §3 "Problem template"); state 1 = offered. */
export const workOrderTemplates = pgTable('work_order_templates', {
  id: id(),
  workType: smallint('work_type').notNull(),
  taskName: varchar('task_name', { length: 64 }).notNull(),
  state: smallint('state').notNull().default(1),
  sort: smallint('sort').notNull().default(0),
})

/** The dynamic fields of a template (fieldChild), shown in `sort` order. */
export const workOrderTemplateFields = pgTable(
  'work_order_template_fields',
  {
    id: id(),
    templateId: integer('template_id')
      .notNull()
      .references(() => workOrderTemplates.id),
    fieldCode: varchar('field_code', { length: 32 }).notNull(),
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    required: boolean('required').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('work_order_template_fields_template_idx').on(t.templateId)],
)

/** Work orders (doc2 §3, §4). */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sub-admin who submitted it; null = the main account. */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    /** The member who submitted it (older rows: unknown). */
    memberId: integer('member_id').references(() => members.id),
    number: varchar('number', { length: 8 }).notNull(),
    type: smallint('type').notNull(),
    templateId: integer('template_id').references(() => workOrderTemplates.id),
    taskName: varchar('task_name', { length: 64 }).notNull().default(''),
    /** Sanitised rich text (src/core/format/html.ts). */
    description: text('description').notNull(),
    /** 0 assigned, 1 awaiting confirmation, 2 and 5 processing, 3 finished, 4 closed (doc2 §4). */
    status: smallint('status').notNull(),
    source: smallint('source').notNull().default(1),
    productVersion: varchar('product_version', { length: 64 }),
    termYear: smallint('term_year'),
    /** The order consulted about (orderCode / newOrderCode / dwServiceOrder). */
    orderCode: varchar('order_code', { length: 32 }),
    /** The form's data fields (acWorkOrderDataPos), trimmed and sanitised. */
    dataFields: jsonb('data_fields').$type<WorkOrderDataField[]>().notNull().default([]),
    /** Maintenance work orders: the items asked for (what the allowance gave). */
    serviceProject: jsonb('service_project').$type<ServiceProjectRequest[]>(),
    urgedAt: at('urged_at'),
    closeReason: varchar('close_reason', { length: 32 }),
    /** Deleted by the customer (closed orders only): kept for the record, shown nowhere. */
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  // The list (getMyWorkOrderList) reads the visible orders newest first: the account's for the main
  // account, one sub-admin's for a sub-admin.
  (t) => [
    index('work_orders_account_idx').on(t.accountId),
    uniqueIndex('work_orders_number_key').on(t.number),
    index('work_orders_list_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('work_orders_submitter_list_idx')
      .on(t.accountId, t.subAccountId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Its text filters (工单号, 问题描述, the keyword) match anywhere in the text (ILIKE '%…%'):
    // trigram indexes find the matches without reading every row (pg_trgm, 0009_work_order_search).
    index('work_orders_number_trgm_idx')
      .using('gin', t.number.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('work_orders_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
  ],
)

/** Communication records. role: 0 system, 1 member, 2 engineer reply, 3 urgent, 4 engineer note (doc2 §4). */
export const workOrderRecords = pgTable(
  'work_order_records',
  {
    id: id(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    role: smallint('role').notNull(),
    title: varchar('title', { length: 64 }).notNull().default(''),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    /** The member who wrote it (role 1). */
    memberId: integer('member_id').references(() => members.id),
    /** A service-item adjustment carried by this record. */
    serviceProject: jsonb('service_project').$type<ServiceProjectRequest[]>(),
    /** Engineer replies: seen by the customer (getRecordCount, updRecordLook). */
    looked: boolean('looked').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('work_order_records_order_idx').on(t.workOrderId)],
)

/**
 * An uploaded file: who uploaded it, what its bytes are (detected type), and what it is attached
 * to once a work order or a record takes it. The bytes live in the file store (stored_files by
 * default) under `id`.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    /** Random, 32 hex characters: also the store key. */
    id: varchar('id', { length: 32 }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The uploader; null for an engineer's attachment (the sandbox's engineer has no member). */
    memberId: integer('member_id').references(() => members.id),
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    /** The detected type: extension (png, jpg, pdf, zip, docx, doc, rar) and media type. */
    ext: varchar('ext', { length: 8 }).notNull(),
    mime: varchar('mime', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    workOrderId: integer('work_order_id').references(() => workOrders.id),
    recordId: integer('record_id').references(() => workOrderRecords.id),
    /** doc2 §3 file type: 0 general, 3 business licence, 4 identity document. */
    fileType: smallint('file_type').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('uploaded_files_work_order_idx').on(t.workOrderId),
    index('uploaded_files_record_idx').on(t.recordId),
    index('uploaded_files_account_idx').on(t.accountId, t.createdAt),
    // Housekeeping deletes uploads nothing took within a day.
    index('uploaded_files_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.workOrderId} is null`),
  ],
)

/**
 * One upload's slot, taken before its body is read (services/work-orders/uploads.ts): the per-minute count is
 * of these, so parallel uploads cannot all pass the check before any is stored.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('upload_reservations_account_idx').on(t.accountId, t.createdAt)],
)

/** The database file store's bytes (server/services/work-orders/file-storage.ts). */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 64 }).primaryKey(),
  bytes: bytea('bytes').notNull(),
})

/** What a maintenance order still allows, item by item (doc2 §3 service project, resisueNum). */
export const maintenanceAllowances = pgTable(
  'maintenance_allowances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderCode, t.code] })],
)
