// Alipay's daily trade bill: alipay.data.dataservice.bill.downloadurl.query answers a short-lived
// bill_download_url; behind it is a zip of GBK CSV files (file names in GBK too, without the zip's
// UTF-8 flag). The `…_业务明细.csv` file lists every payment (业务类型 交易) and refund (退款) of the
// day; its `…_业务明细(汇总).csv` twin holds totals only. The detail file opens and closes with
// `#` lines (title, account, period, totals, export time) around one header line and the rows, whose
// values Alipay pads with a tab so that spreadsheets keep the long numbers as text.
import JSZip from 'jszip'
import { yuanToFen, type BillEntry } from './gateway'

/** A bill that cannot be read as Alipay writes it: the reconciliation stops rather than guess. */
export class BillFormatError extends Error {}

/** A day's bill of a console like ours is a few kilobytes; anything near this is not a bill. */
export const MAX_BILL_BYTES = 20 * 1024 * 1024

const DETAIL_FILE_SUFFIX = '_业务明细.csv'

/** The detail file's columns this reader needs, by their header names. */
const COLUMNS = {
  transactionId: '支付宝交易号',
  tradeNo: '商户订单号',
  type: '业务类型',
  amount: '订单金额（元）',
  refundNo: '退款批次号/请求号',
} as const

const KINDS: Record<string, BillEntry['kind']> = { 交易: 'payment', 退款: 'refund' }

/** Yuan with at most two decimals; refunds are written negative. */
const AMOUNT = /^-?\d+(\.\d{1,2})?$/

const gbk = new TextDecoder('gbk')
/** JSZip hands a name's bytes over as a Uint8Array in Node (its types allow an array too). */
const decodeName = (bytes: string[] | Uint8Array) =>
  gbk.decode(bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes, Number))

/** One CSV line's cells: commas, double-quoted cells with `""` escapes, Alipay's padding trimmed. */
export function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"'
      i++
    } else if (char === '"') quoted = !quoted
    else if (char === ',' && !quoted) {
      cells.push(cell.trim())
      cell = ''
    } else cell += char
  }
  cells.push(cell.trim())
  return cells
}

function columnIndexes(header: string[]): Record<keyof typeof COLUMNS, number> {
  const entries = Object.entries(COLUMNS).map(([key, name]) => {
    const index = header.indexOf(name)
    if (index < 0) throw new BillFormatError(`no ${name} column in the bill's header`)
    return [key, index]
  })
  return Object.fromEntries(entries) as Record<keyof typeof COLUMNS, number>
}

/**
 * The payments and refunds of one 业务明细 file's text, amounts in fen (refunds positive). Rows of
 * other business types are left out; a row that does not match the header stops the whole bill.
 */
export function parseAlipayBill(text: string): BillEntry[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() && !line.trimStart().startsWith('#'))
  if (!lines.length) throw new BillFormatError('the bill has no header line')
  const header = csvCells(lines[0])
  const at = columnIndexes(header)
  const entries: BillEntry[] = []
  lines.slice(1).forEach((line, index) => {
    const cells = csvCells(line)
    const row = index + 1
    if (cells.length !== header.length)
      throw new BillFormatError(`row ${row}: ${cells.length} cells, the header has ${header.length}`)
    const kind = KINDS[cells[at.type]]
    if (!kind) return
    const amount = cells[at.amount]
    if (!AMOUNT.test(amount)) throw new BillFormatError(`row ${row}: the amount is not yuan`)
    entries.push({
      kind,
      tradeNo: cells[at.tradeNo],
      transactionId: cells[at.transactionId],
      fen: Math.abs(yuanToFen(amount)),
      ...(kind === 'refund' ? { refundNo: cells[at.refundNo] } : {}),
    })
  })
  return entries
}

/** The 业务明细 file's text out of the bill's zip. */
export async function detailText(zip: Uint8Array): Promise<string> {
  // Alipay writes the names in GBK without the UTF-8 flag, which JSZip would read as UTF-8.
  const archive = await JSZip.loadAsync(zip, { decodeFileName: decodeName })
  const detail = Object.values(archive.files).find(
    (file) => !file.dir && file.name.endsWith(DETAIL_FILE_SUFFIX),
  )
  if (!detail) throw new BillFormatError('no 业务明细 file in the bill')
  return gbk.decode(await detail.async('uint8array'))
}

/** The zip behind bill_download_url, within `timeoutMs` for the whole transfer. */
export async function downloadBill(url: string, timeoutMs: number): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  if (!response.ok) throw new BillFormatError(`the bill's download answered HTTP ${response.status}`)
  if (Number(response.headers.get('content-length') ?? 0) > MAX_BILL_BYTES)
    throw new BillFormatError('the bill is too large')
  const zip = new Uint8Array(await response.arrayBuffer())
  if (zip.byteLength > MAX_BILL_BYTES) throw new BillFormatError('the bill is too large')
  return zip
}

/** Every payment and refund of the bill's zip. */
export async function readAlipayBill(zip: Uint8Array): Promise<BillEntry[]> {
  return parseAlipayBill(await detailText(zip))
}
