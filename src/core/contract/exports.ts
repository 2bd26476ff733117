// 导出: the lists a customer keeps records of, written as a file (XLSX or CSV) of what the list's
// current filters show. GET /api/app/exports/<kind>?format=…&<filters>, answered as an attachment;
// a refusal is the usual JSON envelope (996, 403 role, 4031 operation protection, 400 bad filter).

export const EXPORT_KINDS = ['orders', 'invoices', 'workOrders', 'operateLog', 'loginHistory'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

/** What a file is named after (订单_<account>_<day>.xlsx) and what the operation log says was exported. */
export const EXPORT_KIND_LABEL: Record<ExportKind, string> = {
  orders: '订单',
  invoices: '发票申请',
  workOrders: '工单',
  operateLog: '操作日志',
  loginHistory: '登录历史',
}

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Exports of personal data: a protected operation (操作保护), like the other account changes. */
export const PERSONAL_DATA_EXPORTS: readonly ExportKind[] = ['operateLog', 'loginHistory']

/** Exports a sub-admin may not make at all (its 订单管理 tab is missing too). */
export const MAIN_ACCOUNT_EXPORTS: readonly ExportKind[] = ['orders', 'invoices']

/** Every export's query: the format and a range of Beijing days (YYYY-MM-DD, both ends included). */
export interface ExportQuery {
  format: ExportFormat
  from?: string
  to?: string
}

/** 我的工单's export also takes the list's own filters (MyWorkOrderQuery without the paging). */
export interface WorkOrderExportQuery extends ExportQuery {
  orderNum?: string
  description?: string
  status?: number | string
  keyword?: string
}

/**
 * The query as the server takes it: all text, the format too (a bad one is answered with
 * EXPORT_MESSAGES.badFormat, not 非法参数).
 */
export type ExportRequestQuery = { [K in keyof WorkOrderExportQuery]: string }

/** 我的工单's list query (its submit-date names) as its export's filters (from / to). */
export function workOrderExportFilters(query: {
  orderNum?: string
  description?: string
  status?: string | number
  submitTimeStartDate?: string
  submitTimeEndDate?: string
}): Omit<WorkOrderExportQuery, 'format'> {
  const { submitTimeStartDate: from, submitTimeEndDate: to, ...rest } = query
  return { ...rest, from, to }
}

export const exportPath = (kind: ExportKind) => `/api/app/exports/${kind}`

export const EXPORT_MESSAGES = {
  badFormat: '请选择导出格式（XLSX 或 CSV）',
  badRange: '请选择正确的日期范围',
  started: '正在导出…',
  failed: '导出失败，请稍后重试',
} as const
