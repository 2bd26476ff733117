// The two file formats behind one interface: rows go out as they are given, nothing is kept. The
// service writes a batch of rows, then waits for `drained` before reading the next batch, so a
// slow download slows the reading instead of filling the memory.
import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ExportFormat } from '../../../src/core/contract/exports'
import { csvField } from './cell-text'

export interface ExportColumn {
  header: string
  /** Character widths for XLSX; CSV has none. */
  width: number
  /** Yuan with 2 decimals: a number cell in XLSX (so it sums), `12.00` in CSV. */
  amount?: boolean
}

/** A cell: text, or a number of yuan in an amount column. */
export type Cell = string | number

export interface ExportWriter {
  row(cells: Cell[]): void
  /** Resolves once what was written has left for `out` and `out` may take more (see `drained`). */
  drained(): Promise<void>
  /** Finishes the file (the XLSX zip's directory) and ends `out`. */
  end(): Promise<void>
}

/** Excel reads UTF-8 CSV (Chinese text) correctly only after a byte order mark. */
const BOM = '\uFEFF'

export function csvWriter(out: Writable, columns: ExportColumn[]): ExportWriter {
  const line = (cells: Cell[]) =>
    cells
      .map((cell, i) => (columns[i]?.amount ? Number(cell).toFixed(2) : csvField(String(cell))))
      .join(',') + '\r\n'
  out.write(BOM + line(columns.map((column) => column.header)))
  return {
    row: (cells) => void out.write(line(cells)),
    drained: () => drained(out),
    end: () => new Promise<void>((resolve) => out.end(resolve)),
  }
}

export function xlsxWriter(out: Writable, columns: ExportColumn[], sheetName: string): ExportWriter {
  // Inline strings, not the shared-string table: that table would hold every distinct text in
  // memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((column) => ({
    width: column.width,
    style: column.amount ? { numFmt: '0.00' } : {},
  }))
  const header = sheet.addRow(columns.map((column) => column.header))
  header.font = { bold: true }
  header.commit()
  return {
    // A string value is always a string cell in exceljs (a formula needs { formula }): risky text
    // stays inert text (cell-text.ts).
    row: (cells) => sheet.addRow(cells).commit(),
    async drained() {
      await compressed(sheet)
      await drained(out)
    },
    async end() {
      sheet.commit()
      await workbook.commit()
    },
  }
}

export function exportWriter(
  format: ExportFormat,
  out: Writable,
  columns: ExportColumn[],
  sheetName: string,
) {
  return format === 'xlsx' ? xlsxWriter(out, columns, sheetName) : csvWriter(out, columns)
}

/** A readable-stream 2 writable's own state (archiver's streams; no writableLength getters there). */
interface OldWritable {
  _writableState?: { needDrain?: boolean }
  once(event: string, listener: () => void): unknown
  removeListener(event: string, listener: () => void): unknown
}

/**
 * exceljs 4.4 (pinned: its last release) writes a sheet's XML into the zip's entry stream without
 * waiting for it, so rows made faster than zlib compresses them pile up there, growing with the
 * file. Waiting here for that stream to drain keeps the backlog to one batch. The entry stream is
 * exceljs's and archiver's internals: if they ever change, this waits for nothing, and the bench
 * (npm run bench:export) shows the heap growing again.
 */
async function compressed(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: OldWritable[] } }).stream?.pipes?.[0]
  if (!entry?._writableState?.needDrain) return
  await new Promise<void>((resolve) => {
    const done = () => {
      entry.removeListener('drain', done)
      entry.removeListener('close', done)
      entry.removeListener('error', done)
      resolve()
    }
    entry.once('drain', done)
    entry.once('close', done)
    entry.once('error', done)
  })
}

/** The download went away before the file was finished. */
export class DownloadClosed extends Error {
  constructor() {
    super('the download was closed before the export finished')
    this.name = 'DownloadClosed'
  }
}

/**
 * Resolves once `out` may take more (its buffer drained); rejects when the download went away.
 * It always lets the event loop turn first: the database driver answers by promise alone (PGlite
 * runs in this thread), and without a turn the XLSX zip's compression (zlib, off the thread)
 * would hand back nothing before the last row, delaying the first byte to the end.
 */
export async function drained(out: Writable): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve))
  if (out.destroyed) throw new DownloadClosed()
  if (!out.writableNeedDrain) return
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain)
      out.off('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => done()
    const onClose = () => done(new DownloadClosed())
    out.on('drain', onDrain)
    out.on('close', onClose)
  })
}
