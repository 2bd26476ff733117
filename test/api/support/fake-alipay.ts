// A protocol-faithful Alipay open-platform gateway on a local port, for tests: it refuses any call
// whose RSA2 `sign` (every other parameter, sorted, k=v joined by &) does not verify against the
// application's public key, answers `{<method>_response: {...}, sign}` signed by Alipay's key over the
// response object's exact text, keeps the trades and their refunds, checks the wap page URL a phone
// would open, and writes asynchronous notifications the way Alipay posts them (form-urlencoded,
// signed over the decoded values of all fields but sign and sign_type, seller_id and notify_time
// included). It refuses what Alipay refuses: amounts outside 0.01–100000000, an out_trade_no that is
// not 1–64 letters, digits or underscores, the same out_trade_no with another amount or subject
// (ACQ.CONTEXT_INCONSISTENT), a notify_url with a query or not https (http only for loopback hosts),
// closing a paid trade (ACQ.TRADE_STATUS_ERROR), refunding more than is left, an unpaid trade, or
// the same out_request_no with another amount. A repeated out_request_no refunds nothing more
// (fund_change N). Daily bills: alipay.data.dataservice.bill.downloadurl.query answers a URL, valid 30
// seconds, of a zip of GBK CSV files (GBK file names, no UTF-8 flag) built from the trades and refunds
// plus `billExtras`. In certificate mode (`certificates: true`) requests must carry app_cert_sn and
// alipay_root_cert_sn computed as Alipay does, and answers carry alipay_cert_sn.
// A browser sent to the wap page URL gets a cashier page: 确认付款 pays the trade, posts the
// notification (unless `behaviour.dropNotifications`, a notification lost on the way) and returns
// the browser to return_url, as Alipay's wap cashier does.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import iconv from 'iconv-lite'
import forge from 'node-forge'

export const ALIPAY_APP_ID = '2021000000000001'
/** The merchant's PID (2088 + 12 digits): Alipay's notifications carry it as seller_id. */
export const ALIPAY_SELLER_ID = '2088000000000001'

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED'

export interface AlipayRefund {
  /** out_request_no (the out_trade_no when the request had none). */
  requestNo: string
  /** Yuan, as asked. */
  amount: string
  reason: string
  at: Date
  /** The money went back (fund_change Y, REFUND_SUCCESS); false while `behaviour.refundsPending`. */
  settled: boolean
}

export interface AlipayTrade {
  biz: Record<string, string>
  status: AlipayTradeStatus
  tradeNo?: string
  createdAt: Date
  paidAt?: Date
  refunds: AlipayRefund[]
}

/** One row of the fake's 业务明细 file. */
export interface FakeBillRow {
  /** 支付宝交易号 */
  transactionId: string
  /** 商户订单号 */
  tradeNo: string
  kind: '交易' | '退款'
  subject: string
  /** Yuan as the file writes it: refunds negative. */
  amount: string
  /** 退款批次号/请求号 (empty for payments). */
  refundNo: string
  /** When it was booked: the bill of that day (China time) lists it. */
  at: Date
}

export interface FakeAlipayOptions {
  /** Alipay's clock: notify_time, gmt_payment, which day's bill a row is in, the bill URL's 30 seconds. */
  now?: () => Date
  /** Certificate mode: the env names the three certificate files instead of Alipay's public key. */
  certificates?: boolean
}

/** Makes the next call of `method` answer this error instead (a transient ACQ.SYSTEM_ERROR, say). */
export interface FailNext {
  method: string
  code: string
  subCode: string
}

type Payload = Record<string, unknown>

/** Alipay's signed text: every parameter but `sign` (and, for notifications, `sign_type`), sorted. */
export function signContent(params: Record<string, string>, omit: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

const CASHIER_PAY = '/cashier/pay'
const BILL_PATH = '/downloadBillFile.resource'
const BILL_URL_LIFETIME_MS = 30_000
const OUT_TRADE_NO = /^[A-Za-z0-9_]{1,64}$/
const YUAN = /^\d+(\.\d{1,2})?$/
const MAX_TOTAL_FEN = 100_000_000 * 100

/** China Standard Time parts, as Alipay writes its times. */
function beijing(at: Date) {
  const iso = new Date(at.getTime() + 8 * 3_600_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) }
}
const alipayTime = (at: Date) => `${beijing(at).date} ${beijing(at).time}`
const chineseDate = (at: Date) => {
  const [year, month, day] = beijing(at).date.split('-')
  return `${year}年${month}月${day}日 ${beijing(at).time}`
}
const fenOf = (yuan: string) => Math.round(Number(yuan) * 100)
const yuanOf = (fen: number) => (fen / 100).toFixed(2)
const digits = (count: number) => Array.from({ length: count }, () => crypto.randomInt(10)).join('')

const businessFailed = (subCode: string, subMsg: string, extra: Payload = {}): Payload => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
  ...extra,
})
const invalidParameter = (name: string) => businessFailed('ACQ.INVALID_PARAMETER', `参数无效: ${name}`)
const NOT_EXIST = businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在')
const INVALID_SIGNATURE = {
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: 'isv.invalid-signature',
  sub_msg: '验签出错',
}

/** Alipay posts notifications only to https addresses without a query; tests use http on loopback. */
function acceptableNotifyUrl(text: string): boolean {
  try {
    const url = new URL(text)
    if (text.includes('?')) return false
    if (url.protocol === 'https:') return true
    const loopback = ['localhost', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.')
    return url.protocol === 'http:' && loopback
  } catch {
    return false
  }
}

/** What alipay.trade.precreate (and the wap cashier) refuses in a new order, or null. */
function orderRefusal(biz: Record<string, string>, notifyUrl: string | undefined): Payload | null {
  if (!OUT_TRADE_NO.test(biz.out_trade_no ?? '')) return invalidParameter('out_trade_no')
  if (!YUAN.test(biz.total_amount ?? '')) return invalidParameter('total_amount')
  const fen = fenOf(biz.total_amount!)
  if (fen < 1 || fen > MAX_TOTAL_FEN)
    return businessFailed('ACQ.TOTAL_FEE_EXCEED', '订单总金额不在允许范围内')
  if (!biz.subject || biz.subject.length > 256) return invalidParameter('subject')
  if (notifyUrl !== undefined && !acceptableNotifyUrl(notifyUrl)) return invalidParameter('notify_url')
  return null
}

/** The same out_trade_no again: refused unless it is the same unpaid, open order. */
function repeatRefusal(trade: AlipayTrade, biz: Record<string, string>): Payload | null {
  if (trade.biz.total_amount !== biz.total_amount || trade.biz.subject !== biz.subject)
    return businessFailed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改')
  if (trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED')
    return businessFailed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付')
  if (trade.status === 'TRADE_CLOSED') return businessFailed('ACQ.TRADE_HAS_CLOSE', '交易已经关闭')
  return null
}

// ---- certificate mode ------------------------------------------------------------------------

type DistinguishedName = { shortName: string; value: string }[]

const ROOT_NAME: DistinguishedName = [
  { shortName: 'C', value: 'CN' },
  { shortName: 'O', value: 'Ant Financial' },
  { shortName: 'OU', value: 'Certification Authority' },
  { shortName: 'CN', value: 'Ant Financial Certification Authority R1' },
]
const LEGACY_ROOT_NAME: DistinguishedName = [
  { shortName: 'C', value: 'CN' },
  { shortName: 'O', value: 'Ant Financial' },
  { shortName: 'CN', value: 'Ant Financial Certification Authority Legacy' },
]

/** Alipay's serial of a certificate: md5 of the issuer's name (last attribute first) and the decimal serial. */
function certSn(issuer: DistinguishedName, serialHex: string): string {
  const name = issuer
    .map(({ shortName, value }) => `${shortName}=${value}`)
    .reverse()
    .join(',')
  return crypto
    .createHash('md5')
    .update(name + BigInt(`0x${serialHex}`).toString(10))
    .digest('hex')
}

interface Issued {
  pem: string
  sn: string
}

function issue(
  subject: DistinguishedName,
  issuer: DistinguishedName,
  publicKey: crypto.KeyObject,
  signer: crypto.KeyObject,
  digest: forge.md.MessageDigest = forge.md.sha256.create(),
): Issued {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string)
  // A leading 01 keeps the serial positive.
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`
  cert.validity.notBefore = new Date(Date.now() - 86_400_000)
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000)
  cert.setSubject(subject)
  cert.setIssuer(issuer)
  cert.sign(
    forge.pki.privateKeyFromPem(
      signer.export({ type: 'pkcs1', format: 'pem' }) as string,
    ) as forge.pki.rsa.PrivateKey,
    digest,
  )
  return { pem: forge.pki.certificateToPem(cert), sn: certSn(issuer, cert.serialNumber) }
}

/** Alipay's three files: the app's and Alipay's certificates, and a root file of two RSA roots. */
function writeCertificates(dir: string, appKey: crypto.KeyObject, alipayKey: crypto.KeyObject) {
  const root = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const rootCert = issue(ROOT_NAME, ROOT_NAME, root.publicKey, root.privateKey)
  const legacyCert = issue(
    LEGACY_ROOT_NAME,
    LEGACY_ROOT_NAME,
    root.publicKey,
    root.privateKey,
    forge.md.sha1.create(),
  )
  const subject = (cn: string): DistinguishedName => [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: 'Member Centre Test' },
    { shortName: 'CN', value: cn },
  ]
  const appCert = issue(subject(ALIPAY_APP_ID), ROOT_NAME, appKey, root.privateKey)
  const alipayCert = issue(subject('Alipay Public Key'), ROOT_NAME, alipayKey, root.privateKey)
  const write = (name: string, text: string) => {
    const file = path.join(dir, name)
    fs.writeFileSync(file, text)
    return file
  }
  return {
    env: {
      ALIPAY_APP_CERT_FILE: write('appCertPublicKey.crt', appCert.pem),
      ALIPAY_PUBLIC_CERT_FILE: write('alipayCertPublicKey_RSA2.crt', alipayCert.pem),
      ALIPAY_ROOT_CERT_FILE: write('alipayRootCert.crt', rootCert.pem + legacyCert.pem),
    },
    sn: { app: appCert.sn, alipay: alipayCert.sn, root: `${rootCert.sn}_${legacyCert.sn}` },
  }
}

// ---- daily bills -----------------------------------------------------------------------------

const BILL_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,' +
  '订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,' +
  '券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注'
const RULE = '-'.repeat(41)

/** Alipay pads identifiers with a tab so that spreadsheets keep them as text. */
const padded = (text: string) => `${text}\t`

function billRowLine(row: FakeBillRow): string {
  return [
    padded(row.transactionId),
    padded(row.tradeNo),
    padded(row.kind),
    row.subject,
    alipayTime(row.at),
    alipayTime(row.at),
    padded(''),
    padded(''),
    padded(''),
    padded(''),
    padded('138****0000'),
    row.amount,
    row.amount,
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '',
    padded('0.00'),
    '0.00',
    padded(row.refundNo),
    '0.00',
    '0.00',
    '',
  ].join(',')
}

function billHead(title: string, list: string, date: string): string[] {
  const start = new Date(`${date}T00:00:00+08:00`)
  const end = new Date(start.getTime() + 86_400_000)
  return [
    `#支付宝${title}查询`,
    `#账号：[${ALIPAY_SELLER_ID}0156]`,
    `#起始日期：[${chineseDate(start)}]   终止日期：[${chineseDate(end)}]`,
    `#${RULE}${list}${RULE}`,
  ]
}

function detailCsv(date: string, rows: FakeBillRow[], exportedAt: Date): string {
  const total = (kind: FakeBillRow['kind']) => {
    const of = rows.filter((row) => row.kind === kind)
    return `${of.length}笔，商家实收：${yuanOf(of.reduce((sum, row) => sum + fenOf(row.amount), 0))}元，商家优惠：0.00元`
  }
  return [
    ...billHead('业务明细', '业务明细列表', date),
    BILL_HEADER,
    ...rows.map(billRowLine),
    `#${RULE}业务明细列表结束${RULE}`,
    `#交易合计：${total('交易')}`,
    `#退款合计：${total('退款')}`,
    `#导出时间：[${chineseDate(exportedAt)}]`,
    '',
  ].join('\r\n')
}

function summaryCsv(date: string, rows: FakeBillRow[], exportedAt: Date): string {
  const count = (kind: FakeBillRow['kind']) => rows.filter((row) => row.kind === kind).length
  const net = yuanOf(rows.reduce((sum, row) => sum + fenOf(row.amount), 0))
  return [
    ...billHead('业务汇总', '业务汇总列表', date),
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
    `合计,,${count('交易')},${count('退款')},${net},${net}`,
    `#${RULE}业务汇总列表结束${RULE}`,
    `#导出时间：[${chineseDate(exportedAt)}]`,
    '',
  ].join('\r\n')
}

/** A deflated zip as Alipay's bill server writes it: names in GBK, no UTF-8 flag, no extra fields. */
function zipArchive(files: { name: Buffer; data: Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data } of files) {
    const packed = zlib.deflateRawSync(data)
    const crc = zlib.crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt16LE(33, 12) // 1980-01-01
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt16LE(33, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += local.length + name.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

function billZip(date: string, rows: FakeBillRow[], exportedAt: Date): Buffer {
  const prefix = `${ALIPAY_SELLER_ID}0156_${date.replaceAll('-', '')}`
  const gbk = (text: string) => iconv.encode(text, 'gbk')
  return zipArchive([
    { name: gbk(`${prefix}_业务明细.csv`), data: gbk(detailCsv(date, rows, exportedAt)) },
    { name: gbk(`${prefix}_业务明细(汇总).csv`), data: gbk(summaryCsv(date, rows, exportedAt)) },
  ])
}

// ---- the gateway -----------------------------------------------------------------------------

export async function startFakeAlipay(options: FakeAlipayOptions = {}) {
  const now = options.now ?? (() => new Date())
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-'))
  const privateKeyFile = path.join(dir, 'app_private_key.pem')
  fs.writeFileSync(privateKeyFile, app.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string)
  const certificates = options.certificates ? writeCertificates(dir, app.publicKey, alipay.publicKey) : null
  const publicKeyFile = path.join(dir, 'alipay_public_key.pem')
  if (!certificates)
    fs.writeFileSync(publicKeyFile, alipay.publicKey.export({ type: 'spki', format: 'pem' }) as string)

  const trades = new Map<string, AlipayTrade>()
  const calls: { method: string; params: Record<string, string> }[] = []
  /** Calls refused before any business was read (signature, app id, certificate serials). */
  const refused: string[] = []
  const behaviour = {
    dropNotifications: false,
    /** Never answer (gateway calls and bill downloads): the caller's timeout is what ends it. */
    hang: false,
    /** Answer gateway calls but never the bill's download. */
    hangBillDownloads: false,
    /** New refunds are accepted but not settled (fund_change N, no REFUND_SUCCESS) until settleRefunds(). */
    refundsPending: false,
    failNext: null as FailNext | null,
  }
  /** Reconciliation tests: rows Alipay booked that we did not (`rows`), or ours changed (`change`). */
  const billExtras = {
    rows: [] as FakeBillRow[],
    change: (() => {}) as (row: FakeBillRow) => void,
  }
  const bills = new Map<string, { zip: Buffer; expiresAt: number }>()

  const appSigned = (params: Record<string, string>) =>
    crypto
      .createVerify('RSA-SHA256')
      .update(signContent(params))
      .verify(app.publicKey, params.sign ?? '', 'base64')
  const alipaySign = (text: string) =>
    crypto.createSign('RSA-SHA256').update(text).sign(alipay.privateKey, 'base64')

  /** Alipay checks the app, the signature and, in certificate mode, both certificate serials. */
  function authentic(params: Record<string, string>): boolean {
    if (params.app_id !== ALIPAY_APP_ID || params.sign_type !== 'RSA2' || !appSigned(params)) return false
    if (!certificates) return true
    return params.app_cert_sn === certificates.sn.app && params.alipay_root_cert_sn === certificates.sn.root
  }

  function answer(res: http.ServerResponse, method: string, payload: Payload) {
    const inner = JSON.stringify(payload)
    const key = `${method.replaceAll('.', '_')}_response`
    const certSn = certificates ? `"alipay_cert_sn":"${certificates.sn.alipay}",` : ''
    res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' })
    res.end(`{"${key}":${inner},${certSn}"sign":"${alipaySign(inner)}"}`)
  }

  function newTrade(biz: Record<string, string>, urls: Record<string, string>): AlipayTrade {
    return { biz: { ...biz, ...urls }, status: 'WAIT_BUYER_PAY', createdAt: now(), refunds: [] }
  }

  const refundedFen = (trade: AlipayTrade) => trade.refunds.reduce((sum, r) => sum + fenOf(r.amount), 0)

  function precreate(biz: Record<string, string>, params: Record<string, string>): Payload {
    const refusal = orderRefusal(biz, params.notify_url)
    if (refusal) return refusal
    const code = biz.out_trade_no!
    const existing = trades.get(code)
    const repeated = existing && repeatRefusal(existing, biz)
    if (repeated) return repeated
    if (!existing) trades.set(code, newTrade(biz, { notify_url: params.notify_url ?? '' }))
    return { code: '10000', msg: 'Success', out_trade_no: code, qr_code: `https://qr.alipay.com/bax0${code}` }
  }

  function query(biz: Record<string, string>): Payload {
    const trade = trades.get(biz.out_trade_no ?? '')
    if (!trade) return NOT_EXIST
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      trade_no: trade.tradeNo ?? '',
      trade_status: trade.status,
      total_amount: trade.biz.total_amount,
    }
  }

  /** Only a trade waiting for payment can be closed: a paid one is refused as Alipay refuses it. */
  function close(biz: Record<string, string>): Payload {
    const trade = trades.get(biz.out_trade_no ?? '')
    if (!trade) return NOT_EXIST
    if (trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED')
      return businessFailed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    trade.status = 'TRADE_CLOSED'
    return { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: trade.tradeNo ?? '' }
  }

  function refundAnswer(trade: AlipayTrade, fundChange: 'Y' | 'N'): Payload {
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.biz.out_trade_no,
      trade_no: trade.tradeNo,
      fund_change: fundChange,
      refund_fee: yuanOf(refundedFen(trade)),
      gmt_refund_pay: alipayTime(now()),
    }
  }

  /** What alipay.trade.refund refuses for a new request on this trade, or null. */
  function refundRefusal(trade: AlipayTrade, biz: Record<string, string>, fen: number): Payload | null {
    if (trade.status === 'WAIT_BUYER_PAY') return businessFailed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    if (trade.status === 'TRADE_CLOSED') return businessFailed('ACQ.TRADE_HAS_CLOSE', '交易已经关闭')
    if (trade.status === 'TRADE_FINISHED') return businessFailed('ACQ.TRADE_HAS_FINISHED', '交易已完结')
    const total = fenOf(trade.biz.total_amount!)
    // Without out_request_no Alipay takes only a refund of the whole amount.
    if (!biz.out_request_no && fen !== total)
      return businessFailed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '撤销或退款金额与订单金额不一致')
    if (fen > total - refundedFen(trade))
      return businessFailed('ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额无效')
    return null
  }

  function refund(biz: Record<string, string>): Payload {
    const trade = trades.get(biz.out_trade_no ?? '')
    if (!trade) return NOT_EXIST
    const amount = biz.refund_amount ?? ''
    if (!YUAN.test(amount) || fenOf(amount) < 1) return invalidParameter('refund_amount')
    const requestNo = biz.out_request_no || biz.out_trade_no!
    const earlier = trade.refunds.find((r) => r.requestNo === requestNo)
    if (earlier && fenOf(earlier.amount) !== fenOf(amount))
      return businessFailed('ACQ.DISCORDANT_REPEAT_REQUEST', '不一致的请求')
    if (earlier) return refundAnswer(trade, 'N')
    const refusal = refundRefusal(trade, biz, fenOf(amount))
    if (refusal) return refusal
    const settled = !behaviour.refundsPending
    trade.refunds.push({ requestNo, amount, reason: biz.refund_reason ?? '', at: now(), settled })
    // A trade refunded in full is closed.
    if (refundedFen(trade) === fenOf(trade.biz.total_amount!)) trade.status = 'TRADE_CLOSED'
    return refundAnswer(trade, settled ? 'Y' : 'N')
  }

  /** alipay.trade.fastpay.refund.query: a settled refund's details; nothing for one not settled (or unknown). */
  function refundQuery(biz: Record<string, string>): Payload {
    const trade = trades.get(biz.out_trade_no ?? '')
    if (!trade) return NOT_EXIST
    const requestNo = biz.out_request_no || biz.out_trade_no
    const found = trade.refunds.find((r) => r.requestNo === requestNo && r.settled)
    if (!found) return { code: '10000', msg: 'Success' }
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: biz.out_trade_no,
      out_request_no: requestNo,
      total_amount: trade.biz.total_amount,
      refund_amount: found.amount,
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: alipayTime(found.at),
    }
  }

  /** The day's rows: payments and settled refunds booked that day, `billExtras` applied. */
  function billRows(date: string): FakeBillRow[] {
    const rows: FakeBillRow[] = []
    for (const [code, trade] of trades) {
      const base = { transactionId: trade.tradeNo ?? '', tradeNo: code, subject: trade.biz.subject ?? '' }
      if (trade.paidAt)
        rows.push({ ...base, kind: '交易', amount: trade.biz.total_amount!, refundNo: '', at: trade.paidAt })
      for (const r of trade.refunds.filter((r) => r.settled))
        rows.push({ ...base, kind: '退款', amount: `-${r.amount}`, refundNo: r.requestNo, at: r.at })
    }
    return [...rows, ...billExtras.rows]
      .filter((row) => beijing(row.at).date === date)
      .map((row) => {
        const copy = { ...row }
        billExtras.change(copy)
        return copy
      })
  }

  /** Trade bills of a past day only (Alipay: T+1); a day without rows has no bill. */
  function billUrl(biz: Record<string, string>): Payload {
    const date = biz.bill_date ?? ''
    if (biz.bill_type !== 'trade' || !/^\d{4}-\d\d-\d\d$/.test(date) || date >= beijing(now()).date)
      return businessFailed('isv.invalid_arguments', '参数不合法')
    const rows = billRows(date)
    if (!rows.length) return businessFailed('isp.bill_not_exist', '账单不存在')
    const fileId = crypto.randomBytes(12).toString('hex')
    bills.set(fileId, { zip: billZip(date, rows, now()), expiresAt: now().getTime() + BILL_URL_LIFETIME_MS })
    const query = new URLSearchParams({ bizType: 'trade', fileType: 'csv.zip', bizDates: date, fileId })
    return { code: '10000', msg: 'Success', bill_download_url: `${origin}${BILL_PATH}?${query}` }
  }

  const handlers: Record<string, (biz: Record<string, string>, params: Record<string, string>) => Payload> = {
    'alipay.trade.precreate': precreate,
    'alipay.trade.query': query,
    'alipay.trade.close': close,
    'alipay.trade.refund': refund,
    'alipay.trade.fastpay.refund.query': refundQuery,
    'alipay.data.dataservice.bill.downloadurl.query': billUrl,
  }

  function gatewayCall(res: http.ServerResponse, params: Record<string, string>) {
    const method = params.method ?? ''
    if (!authentic(params)) {
      refused.push(method)
      return answer(res, method, INVALID_SIGNATURE)
    }
    calls.push({ method, params })
    const failNext = behaviour.failNext
    if (failNext?.method === method) {
      behaviour.failNext = null
      return answer(res, method, { code: failNext.code, msg: 'Failed', sub_code: failNext.subCode })
    }
    const handler = handlers[method]
    if (!handler)
      return answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.unknown-method' })
    answer(res, method, handler(JSON.parse(params.biz_content ?? '{}') as Record<string, string>, params))
  }

  function billDownload(res: http.ServerResponse, fileId: string) {
    const bill = bills.get(fileId)
    if (!bill || now().getTime() > bill.expiresAt) return res.writeHead(404).end('file not found')
    res.writeHead(200, { 'Content-Type': 'application/oct-stream', 'Content-Length': bill.zip.length })
    res.end(bill.zip)
  }

  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (req.method === 'GET' && url.searchParams.get('method') === 'alipay.trade.wap.pay')
        return cashierPage(res, `${gateway}${url.search}`)
      if (req.method === 'POST' && url.pathname === CASHIER_PAY)
        return void cashierPay(res, new URLSearchParams(body).get('out_trade_no') ?? '')
      if (behaviour.hang) return
      if (req.method === 'GET' && url.pathname === BILL_PATH)
        return behaviour.hangBillDownloads
          ? undefined
          : billDownload(res, url.searchParams.get('fileId') ?? '')
      gatewayCall(res, {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const gateway = `${origin}/gateway.do`

  /** What Alipay does when a phone opens the wap URL: checks it as precreate would, then keeps the trade. */
  function openWapPage(pageUrl: string): AlipayTrade | null {
    const url = new URL(pageUrl)
    const params = Object.fromEntries(url.searchParams) as Record<string, string>
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>
    const existing = trades.get(biz.out_trade_no ?? '')
    const acceptable =
      url.origin + url.pathname === gateway &&
      params.method === 'alipay.trade.wap.pay' &&
      authentic(params) &&
      !orderRefusal(biz, params.notify_url) &&
      !(existing && repeatRefusal(existing, biz))
    if (!acceptable) {
      refused.push('alipay.trade.wap.pay')
      return null
    }
    const urls = { notify_url: params.notify_url ?? '', return_url: params.return_url ?? '' }
    const trade = existing ?? newTrade(biz, urls)
    Object.assign(trade.biz, { ...biz, ...urls })
    trades.set(biz.out_trade_no!, trade)
    return trade
  }

  /** The phone's cashier: the wap URL's signature checked, then the amount and a 确认付款 button. */
  function cashierPage(res: http.ServerResponse, pageUrl: string) {
    const trade = openWapPage(pageUrl)
    res.writeHead(trade ? 200 : 400, { 'Content-Type': 'text/html;charset=utf-8' })
    if (!trade) return res.end('<!doctype html><title>支付宝</title><p>验签出错</p>')
    const code = trade.biz.out_trade_no ?? ''
    res.end(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>支付宝收银台</title>
<p aria-label="支付金额">¥${trade.biz.total_amount}</p>
<form method="post" action="${CASHIER_PAY}"><input type="hidden" name="out_trade_no" value="${code}">
<button type="submit">确认付款</button></form></html>`)
  }

  async function cashierPay(res: http.ServerResponse, code: string) {
    const trade = trades.get(code)
    if (!trade) return res.writeHead(404).end()
    if (trade.status === 'TRADE_CLOSED') return res.writeHead(409).end('交易已关闭')
    pay(code)
    if (!behaviour.dropNotifications)
      await fetch(trade.biz.notify_url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: notification(code),
      })
    res.writeHead(302, { Location: trade.biz.return_url! }).end()
  }

  /** The buyer pays (once; a closed trade cannot be paid). */
  function pay(code: string): AlipayTrade {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    if (trade.status === 'TRADE_CLOSED') throw new Error(`trade ${code} is closed at the fake`)
    if (trade.paidAt) return trade
    trade.status = 'TRADE_SUCCESS'
    trade.paidAt = now()
    trade.tradeNo = `${beijing(trade.paidAt).date.replaceAll('-', '')}2200${digits(16)}`
    return trade
  }

  /** Refunds accepted while `behaviour.refundsPending` go through now (booked on today's bill). */
  function settleRefunds() {
    for (const trade of trades.values())
      for (const r of trade.refunds.filter((r) => !r.settled)) Object.assign(r, { settled: true, at: now() })
  }

  /** The form Alipay posts to notify_url, signed with Alipay's key; `change` rewrites fields before signing. */
  function notification(code: string, change: (fields: Record<string, string>) => void = () => {}) {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    const amount = trade.biz.total_amount ?? ''
    const fields: Record<string, string> = {
      gmt_create: alipayTime(trade.createdAt),
      charset: 'utf-8',
      seller_email: 'finance@example.cn',
      subject: trade.biz.subject ?? '',
      notify_time: alipayTime(now()),
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replaceAll('-', ''),
      app_id: ALIPAY_APP_ID,
      auth_app_id: ALIPAY_APP_ID,
      version: '1.0',
      sign_type: 'RSA2',
      buyer_id: '2088102177846880',
      seller_id: ALIPAY_SELLER_ID,
      trade_no: trade.tradeNo ?? '',
      out_trade_no: code,
      trade_status: trade.status,
      total_amount: amount,
      receipt_amount: amount,
      invoice_amount: amount,
      buyer_pay_amount: amount,
      point_amount: '0.00',
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      gmt_payment: trade.paidAt ? alipayTime(trade.paidAt) : '',
    }
    change(fields)
    // Alipay leaves out empty fields (a trade not yet paid has no trade_no).
    for (const key of Object.keys(fields)) if (fields[key] === '') delete fields[key]
    fields.sign = alipaySign(signContent(fields, ['sign', 'sign_type']))
    return new URLSearchParams(fields).toString()
  }

  const env = {
    ALIPAY_APP_ID,
    ALIPAY_SELLER_ID,
    ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
    ...(certificates?.env ?? { ALIPAY_PUBLIC_KEY_FILE: publicKeyFile }),
    ALIPAY_GATEWAY: gateway,
    // The settings refuse a gateway that is not Alipay's own https host unless told this is a test.
    PROVIDER_ENDPOINTS_UNSAFE: '1',
  }

  return {
    env,
    gateway,
    trades,
    calls,
    refused,
    behaviour,
    billExtras,
    /** Certificate mode: the serials Alipay expects (app, root) and sends (alipay); null in key mode. */
    certificateSerials: certificates?.sn ?? null,
    openWapPage,
    pay,
    settleRefunds,
    notification,
    close: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(dir, { recursive: true, force: true })
        // A hanging call's connection would hold close() open.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>
