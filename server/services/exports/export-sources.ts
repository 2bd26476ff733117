// Where each export's rows come from: the same rows and ownership as its list, newest first, read
// in batches by keyset on (created_at, id), the lists' own index order. Keyset batches rather than
// a SQL cursor: a cursor holds a transaction (and a pooled connection, or PGlite's only one) open
// for as long as a slow client downloads; a batch query is short and starts where the last ended,
// by index, so the 100th batch costs what the first did (an OFFSET would not).
import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ExportKind, WorkOrderExportQuery } from '../../../src/core/contract/exports'
import { LOGIN_METHOD_LABEL } from '../../../src/core/contract/login-devices'
import { ORDER_TYPE_LABEL } from '../../../src/core/contract/orders'
import {
  BILL_STATUS_LABEL,
  BILL_TYPE_LABEL,
  INVOICE_SUBJECT_LABEL,
  labelOf,
  OPERATE_STATUS_LABEL,
  OPERATE_TYPE_LABEL,
  ORDER_STATUS_LABEL,
  WORK_ORDER_STATUS_LABEL,
} from '../../../src/core/contract/record-labels'
import { WORK_ORDER_TYPE_LABEL } from '../../../src/core/contract/work-orders'
import { formatBeijingTime } from '../../../src/core/format/time'
import { maskAddress } from '../../../src/core/validation/account'
import { buyCycleLabel } from '../../../src/core/validation/business-orders'
import type { Database } from '../../db/client'
import { invoiceApplications, loginHistory, operateRecords, orders, workOrders } from '../../db/schema'
import type { Viewer } from '../shared/viewer'
import { recordsOf } from '../operate-log/operate-log'
import { billedElsewhere } from '../orders/orders'
import { ownedBy, statusesOf } from '../work-orders/work-orders'
import { plainTextOf } from './cell-text'
import type { CreatedRange } from './export-rules'
import type { Cell, ExportColumn } from './export-writer'

/** Where the last batch ended: its last row's creation time (as text, to the microsecond) and id. */
export interface Cursor {
  at: string
  id: number
}

export interface ExportSource {
  columns: ExportColumn[]
  /** Up to `limit` rows after `cursor`, newest first, each as its cells and its cursor. */
  batch(cursor: Cursor | null, limit: number): Promise<{ cells: Cell[]; cursor: Cursor }[]>
}

/** The list's filters an export carries besides its range (我的工单's text and status filters). */
export type ExportFilter = Omit<WorkOrderExportQuery, 'format' | 'from' | 'to'>

/** is_display of an order the list shows (services/orders/orders.ts). */
const DISPLAYED = 1

const time = (at: Date | null) => formatBeijingTime(at)

/** What a kind's query takes from its keyset page: the key columns, the bounds, the order, the size. */
interface KeysetPage {
  keys: { id: AnyPgColumn; at: SQL<string> }
  where: (SQL | undefined)[]
  order: SQL
  limit: number
}

/**
 * An export read by keyset on a table's (created_at, id): each kind gives its columns, its query
 * (selecting `page.keys`, filtered by `page.where`, ordered by `page.order`, `page.limit` rows)
 * and how a row becomes cells.
 */
function keysetSource<Row extends { id: number; at: string }>(
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  range: CreatedRange,
  columns: ExportColumn[],
  read: (page: KeysetPage) => Promise<Row[]>,
  cellsOf: (row: Row) => Cell[],
): ExportSource {
  const { createdAt, id } = table
  return {
    columns,
    async batch(cursor, limit) {
      const rows = await read({
        keys: { id, at: sql<string>`${createdAt}::text` },
        where: [
          range.start ? gte(createdAt, range.start) : undefined,
          range.end ? lt(createdAt, range.end) : undefined,
          // A row comparison: PostgreSQL reads it as a bound on the (…, created_at, id) index.
          cursor ? sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
        ],
        order: sql`${createdAt} desc, ${id} desc`,
        limit,
      })
      return rows.map((row) => ({ cursor: { at: row.at, id: row.id }, cells: cellsOf(row) }))
    },
  }
}

/** LIKE text with its wildcards taken literally (as the work-order list matches it). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** 我的工单's filters (services/work-orders/work-orders.ts filterOf), without its paging. */
function workOrderFilter(filter: ExportFilter): (SQL | undefined)[] {
  const statuses = statusesOf(filter.status)
  const orderNum = filter.orderNum?.trim()
  const description = filter.description?.trim()
  const keyword = filter.keyword?.trim()
  return [
    statuses ? inArray(workOrders.status, statuses) : undefined,
    orderNum ? ilike(workOrders.number, containing(orderNum)) : undefined,
    description ? ilike(workOrders.description, containing(description)) : undefined,
    keyword
      ? or(ilike(workOrders.number, containing(keyword)), ilike(workOrders.description, containing(keyword)))
      : undefined,
  ]
}

const ORDER_COLUMNS: ExportColumn[] = [
  { header: '订单号', width: 20 },
  { header: '产品名称', width: 24 },
  { header: '产品版本', width: 14 },
  { header: '订单类型', width: 10 },
  { header: '购买时长', width: 10 },
  { header: '原价（元）', width: 12, amount: true },
  { header: '实付金额（元）', width: 14, amount: true },
  { header: '订单状态', width: 10 },
  { header: '发票状态', width: 10 },
  { header: '创建时间', width: 20 },
  { header: '支付时间', width: 20 },
]

const INVOICE_COLUMNS: ExportColumn[] = [
  { header: '申请时间', width: 20 },
  { header: '订单号', width: 20 },
  { header: '发票类型', width: 14 },
  { header: '抬头类型', width: 10 },
  { header: '发票抬头', width: 28 },
  { header: '税号', width: 22 },
  { header: '发票内容', width: 14 },
  { header: '金额（元）', width: 12, amount: true },
  { header: '开票状态', width: 10 },
  { header: '接收邮箱', width: 24 },
]

const WORK_ORDER_COLUMNS: ExportColumn[] = [
  { header: '工单号', width: 12 },
  { header: '问题分类', width: 12 },
  { header: '问题描述', width: 48 },
  { header: '状态', width: 10 },
  { header: '提交时间', width: 20 },
]

const OPERATE_LOG_COLUMNS: ExportColumn[] = [
  { header: '操作时间', width: 20 },
  { header: '操作人', width: 16 },
  { header: '操作类型', width: 14 },
  { header: '操作内容', width: 40 },
  { header: '状态', width: 8 },
  { header: 'IP', width: 18 },
]

const LOGIN_HISTORY_COLUMNS: ExportColumn[] = [
  { header: '登录时间', width: 20 },
  { header: '结果', width: 8 },
  { header: '登录方式', width: 14 },
  { header: 'IP', width: 18 },
  { header: '城市', width: 12 },
  { header: '设备', width: 24 },
]

export function exportSource(
  db: Database,
  kind: ExportKind,
  viewer: Viewer,
  range: CreatedRange,
  filter: ExportFilter,
): ExportSource {
  switch (kind) {
    case 'orders':
      return keysetSource(
        orders,
        range,
        ORDER_COLUMNS,
        (page) =>
          db
            .select({
              ...page.keys,
              orderCode: orders.orderCode,
              productName: orders.productName,
              productVersion: orders.productVersion,
              orderType: orders.orderType,
              cycleNum: orders.cycleNum,
              payMethod: orders.payMethod,
              originalAmount: orders.originalAmount,
              payAmount: orders.payAmount,
              status: orders.status,
              billStatus: orders.billStatus,
              accountId: orders.accountId,
              billingAccountId: orders.billingAccountId,
              createdAt: orders.createdAt,
              payTime: orders.payTime,
            })
            .from(orders)
            .where(
              and(eq(orders.accountId, viewer.accountId), eq(orders.isDisplay, DISPLAYED), ...page.where),
            )
            .orderBy(page.order)
            .limit(page.limit),
        (row) => [
          row.orderCode,
          row.productName,
          row.productVersion,
          labelOf(ORDER_TYPE_LABEL, row.orderType),
          buyCycleLabel(row.cycleNum, row.payMethod),
          Number(row.originalAmount),
          Number(row.payAmount),
          labelOf(ORDER_STATUS_LABEL, row.status),
          // A transferred product's invoices are the payer's: nothing of them shown (the list's rule).
          billedElsewhere(row) ? '--' : labelOf(BILL_STATUS_LABEL, row.billStatus),
          time(row.createdAt),
          time(row.payTime),
        ],
      )
    case 'invoices':
      return keysetSource(
        invoiceApplications,
        range,
        INVOICE_COLUMNS,
        (page) =>
          db
            .select({
              ...page.keys,
              createdAt: invoiceApplications.createdAt,
              orderCode: orders.orderCode,
              billType: invoiceApplications.billType,
              subject: invoiceApplications.subject,
              title: invoiceApplications.title,
              code: invoiceApplications.code,
              content: invoiceApplications.content,
              amount: invoiceApplications.amount,
              billStatus: orders.billStatus,
              receiveMail: invoiceApplications.receiveMail,
            })
            .from(invoiceApplications)
            .innerJoin(orders, eq(orders.id, invoiceApplications.orderId))
            .where(and(eq(invoiceApplications.accountId, viewer.accountId), ...page.where))
            .orderBy(page.order)
            .limit(page.limit),
        (row) => [
          time(row.createdAt),
          row.orderCode,
          labelOf(BILL_TYPE_LABEL, row.billType),
          labelOf(INVOICE_SUBJECT_LABEL, row.subject),
          row.title,
          row.code,
          row.content,
          Number(row.amount),
          labelOf(BILL_STATUS_LABEL, row.billStatus),
          row.receiveMail,
        ],
      )
    case 'workOrders':
      return keysetSource(
        workOrders,
        range,
        WORK_ORDER_COLUMNS,
        (page) =>
          db
            .select({
              ...page.keys,
              number: workOrders.number,
              type: workOrders.type,
              taskName: workOrders.taskName,
              description: workOrders.description,
              status: workOrders.status,
              createdAt: workOrders.createdAt,
            })
            .from(workOrders)
            .where(and(ownedBy(viewer), ...workOrderFilter(filter), ...page.where))
            .orderBy(page.order)
            .limit(page.limit),
        (row) => [
          row.number,
          row.taskName || labelOf(WORK_ORDER_TYPE_LABEL, row.type),
          plainTextOf(row.description),
          labelOf(WORK_ORDER_STATUS_LABEL, row.status),
          time(row.createdAt),
        ],
      )
    case 'operateLog':
      return keysetSource(
        operateRecords,
        range,
        OPERATE_LOG_COLUMNS,
        (page) =>
          db
            .select({
              ...page.keys,
              createdAt: operateRecords.createdAt,
              memberAccount: operateRecords.memberAccount,
              type: operateRecords.type,
              content: operateRecords.content,
              status: operateRecords.status,
              ip: operateRecords.ip,
            })
            .from(operateRecords)
            .where(and(recordsOf(viewer), ...page.where))
            .orderBy(page.order)
            .limit(page.limit),
        (row) => [
          time(row.createdAt),
          row.memberAccount,
          labelOf(OPERATE_TYPE_LABEL, row.type),
          row.content,
          labelOf(OPERATE_STATUS_LABEL, row.status),
          row.ip,
        ],
      )
    case 'loginHistory':
      return keysetSource(
        loginHistory,
        range,
        LOGIN_HISTORY_COLUMNS,
        (page) =>
          db
            .select({
              ...page.keys,
              createdAt: loginHistory.createdAt,
              success: loginHistory.success,
              method: loginHistory.method,
              ip: loginHistory.ip,
              city: loginHistory.city,
              device: loginHistory.device,
            })
            .from(loginHistory)
            .where(and(eq(loginHistory.memberId, viewer.memberId), ...page.where))
            .orderBy(page.order)
            .limit(page.limit),
        (row) => [
          time(row.createdAt),
          row.success ? '成功' : '失败',
          LOGIN_METHOD_LABEL[row.method] ?? '其他',
          maskAddress(row.ip),
          row.city,
          row.device,
        ],
      )
  }
}
