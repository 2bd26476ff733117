// WeChat Pay's daily trade bill (GET /v3/bill/tradebill, bill_type ALL) as BillEntry lines. The file is
// CSV with a UTF-8 BOM: a header line, then one line per payment or refund in which every field starts
// with a backtick (so spreadsheets keep long numbers as text), then a summary header and a totals line.
import { yuanToFen, type BillEntry } from './gateway'

/** The columns of bill_type ALL, in WeChat's order. */
export const TRADE_BILL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const

type Column = (typeof TRADE_BILL_COLUMNS)[number]
type Row = Record<Column, string>

/** A file that is not a bill of this shape: the gateway reports it, nothing is read from it. */
export class MalformedBill extends Error {}

const YUAN = /^\d+(\.\d{1,2})?$/

/** Yuan text ("19.80") as fen; anything else makes the whole bill unreadable. */
function fen(row: Row, column: Column): number {
  const text = row[column]
  if (!YUAN.test(text)) throw new MalformedBill(`${column} is not an amount`)
  return yuanToFen(text)
}

/** The header names every column we read, in any order (WeChat may append columns). */
function columnIndexes(header: string): Map<Column, number> {
  const names = header.split(',').map((name) => name.trim())
  const indexes = new Map<Column, number>()
  for (const column of TRADE_BILL_COLUMNS) {
    const index = names.indexOf(column)
    if (index < 0) throw new MalformedBill(`the header lacks ${column}`)
    indexes.set(column, index)
  }
  return indexes
}

/** One detail line: fields are separated by ",`" (a comma alone may sit inside a product name). */
function row(line: string, indexes: Map<Column, number>, width: number): Row {
  const fields = line.slice(1).split(',`')
  if (fields.length !== width) throw new MalformedBill('a line has another number of fields than the header')
  return Object.fromEntries([...indexes].map(([column, index]) => [column, fields[index]!.trim()])) as Row
}

/** A payment (交易状态 SUCCESS) or a refund (REFUND); other states (REVOKED…) move no money. */
function entry(row: Row): BillEntry | null {
  const trade = { tradeNo: row['商户订单号'], transactionId: row['微信订单号'] }
  // The amounts we asked for (订单金额, 申请退款金额), as our records hold them; 应结订单金额 and
  // 退款金额 leave out WeChat-funded coupons and would differ from them for no fault of ours.
  if (row['交易状态'] === 'SUCCESS') return { kind: 'payment', ...trade, fen: fen(row, '订单金额') }
  if (row['交易状态'] === 'REFUND')
    return { kind: 'refund', ...trade, refundNo: row['商户退款单号'], fen: fen(row, '申请退款金额') }
  return null
}

/** Every payment and refund line of a bill_type ALL file; a MalformedBill when the file is not one. */
export function parseTradeBill(text: string): BillEntry[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
  const [header, ...rest] = lines
  if (!header) throw new MalformedBill('the file is empty')
  const indexes = columnIndexes(header)
  const width = header.split(',').length
  // Detail lines run up to the summary header, the first line that does not start with a backtick.
  const summaryAt = rest.findIndex((line) => !line.startsWith('`'))
  if (summaryAt < 0) throw new MalformedBill('the summary lines are missing')
  return rest
    .slice(0, summaryAt)
    .map((line) => entry(row(line, indexes, width)))
    .filter((line): line is BillEntry => line !== null)
}
