// 导出: a list's rows, as its filters show them, written as an XLSX or CSV file straight to the
// download (export-sources.ts reads them in batches, export-writer.ts writes them out). Who may
// export what is the routes' guards (sub-admins no orders or invoices; personal data needs a fresh
// session); which rows is each source's ownership filter, the same as its list's. Every export,
// finished or not, goes into the operation log with its row count.
import type { Writable } from 'node:stream'
import {
  EXPORT_KIND_LABEL,
  type ExportFormat,
  type ExportRequestQuery,
} from '../../../src/core/contract/exports'
import type { AppContext } from '../../context'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { sessionEnded } from '../shared/errors'
import type { RoleService } from '../shared/roles'
import {
  CONTENT_TYPE,
  contentDisposition,
  createdRangeOf,
  exportFileNames,
  exportFormatOf,
  exportKindOf,
} from './export-rules'
import { exportSource } from './export-sources'
import { DownloadClosed, exportWriter } from './export-writer'

/** The query as it arrives: the format is checked here, to answer with the export's own message. */
export type ExportRequest = Partial<ExportRequestQuery>

/** Rows per query: big enough that 100k rows take 100 short queries, small enough to hold at once. */
export const EXPORT_BATCH_ROWS = 1000

/** What a route answers: the file's headers, then `write` streams it into the reply. */
export interface ExportFile {
  contentType: string
  contentDisposition: string
  /** Writes the whole file into `out` and ends it; resolves with the row count once logged. */
  write(out: Writable): Promise<number>
}

export function createExportService(
  { db, now, log }: AppContext,
  { operateLog, roles }: { operateLog: OperateLog; roles: RoleService },
) {
  /** Checks the request (format, range) before anything is sent: a refusal is still an envelope. */
  async function open(
    viewer: Viewer,
    kindText: string,
    query: ExportRequest,
    ip: string,
  ): Promise<ExportFile> {
    const kind = exportKindOf(kindText)
    const format = exportFormatOf(query.format)
    const range = createdRangeOf(query.from, query.to)
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    const { format: _format, from: _from, to: _to, ...filter } = query
    const source = exportSource(db, kind, viewer, range, kind === 'workOrders' ? filter : {})
    const label = EXPORT_KIND_LABEL[kind]

    const record = (rows: number, finished: boolean) =>
      operateLog.record(actor, {
        type: OPERATE_TYPE.exportRecords,
        content: exportLogContent(label, format, rows, finished, query.from, query.to),
        status: finished ? OPERATE_STATUS.success : OPERATE_STATUS.failure,
        ip,
      })

    async function write(out: Writable): Promise<number> {
      const writer = exportWriter(format, out, source.columns, label)
      let rows = 0
      try {
        for (let cursor = null, batch; ;) {
          batch = await source.batch(cursor, EXPORT_BATCH_ROWS)
          for (const row of batch) writer.row(row.cells)
          rows += batch.length
          if (batch.length < EXPORT_BATCH_ROWS) break
          cursor = batch[batch.length - 1].cursor
          await writer.drained()
        }
        await writer.end()
      } catch (error) {
        if (!(error instanceof DownloadClosed)) log.error({ err: error, kind }, 'export failed')
        out.destroy()
        await record(rows, false)
        throw error
      }
      await record(rows, true)
      return rows
    }

    return {
      contentType: CONTENT_TYPE[format],
      contentDisposition: contentDisposition(exportFileNames(kind, actor.memberAccount, format, now())),
      write,
    }
  }

  return { open }
}

/** e.g. 导出订单（XLSX，2026-11-01 至 2026-11-30）：1234 条. */
export function exportLogContent(
  label: string,
  format: ExportFormat,
  rows: number,
  finished: boolean,
  from?: string,
  to?: string,
): string {
  const range = from || to ? `，${from || '最早'} 至 ${to || '今天'}` : ''
  return `导出${label}（${format.toUpperCase()}${range}）：${rows} 条${finished ? '' : '，未完成'}`
}

export type ExportService = ReturnType<typeof createExportService>
