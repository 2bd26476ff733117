// 导出's pure rules: the query a list's filters make, and what the button says.
import type { ExportFormat, WorkOrderExportQuery } from '../../core/contract/exports'

/** The list's filters an export carries (any of WorkOrderExportQuery but the format). */
export type ExportFilters = Omit<WorkOrderExportQuery, 'format'>

export const FORMAT_LABEL: Record<ExportFormat, string> = { xlsx: 'Excel（XLSX）', csv: 'CSV' }

export const EXPORT_BUTTON_TEXT = { idle: '导出', busy: '导出中…' } as const

/** `format=…&from=…`: the filters that are set, in a stable order, encoded. */
export function exportQueryString(format: ExportFormat, filters: ExportFilters = {}): string {
  const entries = Object.entries({ format, ...filters })
    .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value).trim())}`)
  return entries.join('&')
}
