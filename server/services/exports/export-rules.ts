// The rules of an export request (pure): its format, its range of Beijing days and the file's name.
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_KIND_LABEL,
  EXPORT_MESSAGES,
  type ExportFormat,
  type ExportKind,
} from '../../../src/core/contract/exports'
import { formatBeijingTime } from '../../../src/core/format/time'
import { invalid, INVALID_PARAMS } from '../shared/errors'

const DAY_MS = 86_400_000
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Rows created from `start` (included) to `end` (excluded); null = open on that side. */
export interface CreatedRange {
  start: Date | null
  end: Date | null
}

export function exportKindOf(kind: string): ExportKind {
  if (!EXPORT_KINDS.includes(kind as ExportKind)) throw invalid(INVALID_PARAMS)
  return kind as ExportKind
}

export function exportFormatOf(format: string | undefined): ExportFormat {
  const wanted = format?.trim().toLowerCase()
  if (!EXPORT_FORMATS.includes(wanted as ExportFormat)) throw invalid(EXPORT_MESSAGES.badFormat)
  return wanted as ExportFormat
}

/** A YYYY-MM-DD Beijing day's first instant, or null for a day that does not exist. */
function beijingDayStart(text: string): Date | null {
  if (!DAY.test(text)) return null
  const day = new Date(`${text}T00:00:00+08:00`)
  const roundTrip = new Date(day.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
  return Number.isNaN(day.getTime()) || roundTrip !== text ? null : day
}

/** `from` and `to` (Beijing days, both included, either may be left out) as a range of instants. */
export function createdRangeOf(from: string | undefined, to: string | undefined): CreatedRange {
  const start = from?.trim() ? beijingDayStart(from.trim()) : null
  const last = to?.trim() ? beijingDayStart(to.trim()) : null
  if ((from?.trim() && !start) || (to?.trim() && !last)) throw invalid(EXPORT_MESSAGES.badRange)
  if (start && last && start > last) throw invalid(EXPORT_MESSAGES.badRange)
  return { start, end: last ? new Date(last.getTime() + DAY_MS) : null }
}

export const CONTENT_TYPE: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

/** 订单_<account>_<Beijing day>.xlsx, and an ASCII twin (orders_…) for clients without filename*. */
export function exportFileNames(kind: ExportKind, account: string, format: ExportFormat, now: Date) {
  const day = formatBeijingTime(now, 'YYYYMMDD')
  return {
    name: `${EXPORT_KIND_LABEL[kind]}_${account}_${day}.${format}`,
    ascii: `${kind}_${account.replace(/[^A-Za-z0-9._-]/g, '_')}_${day}.${format}`,
  }
}

/** RFC 6266: the ASCII name for old clients, the real one percent-encoded (RFC 5987). */
export function contentDisposition({ name, ascii }: { name: string; ascii: string }): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
