// A protocol-faithful WeChat Pay API v3 on a local port, for tests. It refuses any request whose
// Authorization (WECHATPAY2-SHA256-RSA2048) does not verify against the merchant's public key, and
// what WeChat Pay itself refuses (amounts, out_trade_no, notify_url, currency, a reused out_trade_no,
// closing a paid trade, refunds beyond what is left). Answers have the documented shapes, signed by a
// platform key (Wechatpay-* headers); notifications are written the way WeChat writes them: the
// resource encrypted with AES-256-GCM under the APIv3 key, non-canonical JSON, signed. The fake holds
// two platform keys, as a merchant does while moving to the WeChat Pay public key: the public key
// (PUB_KEY_ID_…) and a platform certificate (hex serial). It keeps trades and refunds, and writes daily
// bills (bill_type ALL) from them. Keys and the certificate are generated here.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import forge from 'node-forge'

export const MCHID = '1900000109'
export const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const PLATFORM_KEY_ID = 'PUB_KEY_ID_0119000001092025000000000001'
/** The platform certificate's serial number (uppercase hex, as WeChat sends it in Wechatpay-Serial). */
export const PLATFORM_CERT_SERIAL = '7132D72A03E93CDDF8C03BBD1F37EEDF2C6E5D3B'
export const OFFICIAL_APPID = 'wx1234567890abcdef'
export const MINI_APPID = 'wxfedcba0987654321'
export const APIV3_KEY = 'k3GSx1ZyPp7vNqa0Hf4dWm8cLr2tYu6B'

/** Which platform key signs: the WeChat Pay public key or the platform certificate. */
export type SignWith = 'publicKey' | 'certificate'

/** The order body a merchant posts (the fields these tests read). */
export interface OrderBody {
  appid: string
  mchid: string
  description?: string
  out_trade_no: string
  notify_url?: string
  time_expire?: string
  amount: { total: number; currency?: string }
  payer?: { openid: string }
  scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } }
}

/** The refund body a merchant posts. */
export interface RefundBody {
  out_trade_no?: string
  transaction_id?: string
  out_refund_no: string
  reason?: string
  notify_url?: string
  amount: { refund: number; total: number; currency: string }
}

export interface FakeTransaction {
  appid: string
  mchid: string
  out_trade_no: string
  trade_state: string
  transaction_id?: string
  amount: { total: number; payer_total: number; currency: string }
}

export interface FakeTrade {
  kind: 'native' | 'h5' | 'jsapi'
  body: OrderBody
  /** REFUND: paid, then refunded in part or in full. */
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED'
  /** The prepay id WeChat answers again to the same order. */
  prepayId: string
  transactionId?: string
  paidAt?: Date
}

export type RefundStatus = 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED'

export interface FakeRefund {
  body: RefundBody
  refundId: string
  tradeNo: string
  transactionId: string
  status: RefundStatus
  createdAt: Date
  successAt?: Date
}

/** The decrypted resource of a refund notification. */
export interface FakeRefundResource {
  mchid: string
  out_trade_no: string
  transaction_id: string
  out_refund_no: string
  refund_id: string
  refund_status: RefundStatus
  success_time?: string
  user_received_account: string
  amount: { total: number; refund: number; payer_total: number; payer_refund: number }
}

export interface RecordedCall {
  method: string
  path: string
  body: OrderBody | RefundBody | null
  /** The request's Wechatpay-Serial header: the platform key the merchant asks answers to be signed with. */
  wechatpaySerial?: string
}

/** A line a test adds to a day's bill: a payment or refund WeChat booked that we may not know. */
export interface BillExtraRow {
  /** The bill's day, YYYY-MM-DD (Beijing). */
  date: string
  kind: 'payment' | 'refund'
  tradeNo: string
  transactionId?: string
  fen: number
  refundNo?: string
}

/** How a notification is made: `change` rewrites the decrypted resource, the rest age or damage it. */
export interface NotificationOptions<T> {
  change?: (resource: T) => void
  ageSeconds?: number
  /** Another APIv3 key to encrypt with (a resource we cannot decrypt). */
  key?: string
  /** One character of the body changed after signing. */
  tamper?: boolean
  /** The key that signs (default: the WeChat Pay public key). */
  signWith?: SignWith
}

interface PlatformKey {
  id: string
  privateKey: crypto.KeyObject
  publicKey: crypto.KeyObject
}

interface Answer {
  status: number
  json?: unknown
  /** A bill file: answered as bytes, unsigned (WeChat does not sign downloads). */
  file?: Buffer
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/
const BILL_DATE = /^\d{4}-\d\d-\d\d$/
const LOOPBACK = ['127.0.0.1', 'localhost']
/** The kind of each trade as the bill's 交易类型 writes it. */
const TRADE_TYPES: Record<FakeTrade['kind'], string> = { native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI' }
const REFUND_SUMMARIES: Record<RefundStatus, string> = {
  PROCESSING: '退款处理中',
  SUCCESS: '退款成功',
  ABNORMAL: '退款异常',
  CLOSED: '退款关闭',
}

const pem = (key: crypto.KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }) as string

const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  json: { code, message },
})
const paramError = (message: string) => refusal(400, 'PARAM_ERROR', message)

/** Beijing time (UTC+8), as WeChat writes dates. */
function beijing(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 8 * 3_600_000).toISOString()
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) }
}

const rfc3339 = (at: Date) => {
  const { date, time } = beijing(at)
  return `${date}T${time}+08:00`
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

const isWholeFen = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1

/**
 * JSON as WeChat writes it: a space after every ':' and ',' and '/' escaped as '\/'. Parsing and
 * writing it again gives other bytes, so a verifier that re-serialises the body fails.
 */
function wechatJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(wechatJson).join(', ')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([name, field]) => `${wechatJson(name)}: ${wechatJson(field)}`)
      .join(', ')}}`
  return JSON.stringify(value).replace(/\//g, '\\/')
}

/** JSON with sorted keys: two requests are the same order when these are equal. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, field) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : 1)))
      : field,
  )

/** https without a query string; http only on loopback hosts, for these tests. */
function notifyUrlProblem(text: string | undefined): string | null {
  if (text === undefined) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'notify_url is not a URL'
  }
  if (text.length > 255) return 'notify_url is longer than 255 characters'
  if (url.search || text.includes('?')) return 'notify_url carries a query string'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && LOOPBACK.includes(url.hostname)) return null
  return 'notify_url is not https'
}

/** WeChat's checks of an order body, as PARAM_ERROR messages. */
function orderProblem(kind: FakeTrade['kind'], body: OrderBody): string | null {
  if (body.mchid !== MCHID) return 'mchid is not this merchant'
  if (typeof body.out_trade_no !== 'string' || !OUT_TRADE_NO.test(body.out_trade_no))
    return 'out_trade_no is not 6 to 32 characters of [0-9A-Za-z_-|*]'
  if (!body.description || body.description.length > 127) return 'description is not 1 to 127 characters'
  if (!isWholeFen(body.amount?.total)) return 'amount.total is not a whole number of fen of at least 1'
  if (body.amount.currency !== undefined && body.amount.currency !== 'CNY') return 'currency is not CNY'
  if (!body.notify_url) return 'notify_url is missing'
  const notify = notifyUrlProblem(body.notify_url)
  if (notify) return notify
  if (kind === 'jsapi' && !body.payer?.openid) return 'payer.openid is missing'
  if (kind === 'h5' && !(body.scene_info?.payer_client_ip && body.scene_info.h5_info?.type))
    return 'scene_info is missing'
  return null
}

/** WeChat's checks of a refund body, as PARAM_ERROR messages. */
function refundProblem(body: RefundBody): string | null {
  if (!body.out_trade_no && !body.transaction_id) return 'out_trade_no or transaction_id is missing'
  if (typeof body.out_refund_no !== 'string' || !OUT_REFUND_NO.test(body.out_refund_no))
    return 'out_refund_no is not 1 to 64 characters of [0-9A-Za-z_-|*@]'
  if (!isWholeFen(body.amount?.refund)) return 'amount.refund is not a whole number of fen of at least 1'
  if (!isWholeFen(body.amount.total)) return 'amount.total is not a whole number of fen of at least 1'
  if (body.amount.currency !== 'CNY') return 'currency is not CNY'
  if (body.reason !== undefined && body.reason.length > 80) return 'reason is longer than 80 characters'
  return notifyUrlProblem(body.notify_url)
}

/** A self-signed stand-in for WeChat's platform certificate (its issuer is not checked by anyone). */
function platformCertificate(key: PlatformKey): string {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(pem(key.publicKey, 'spki'))
  cert.serialNumber = key.id
  cert.validity.notBefore = new Date(Date.now() - 86_400_000)
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 86_400_000)
  const name = [
    { name: 'commonName', value: 'Tenpay.com sign' },
    { name: 'organizationName', value: 'Tenpay.com' },
    { name: 'countryName', value: 'CN' },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.sign(forge.pki.privateKeyFromPem(pem(key.privateKey, 'pkcs8')), forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}

function platformKey(id: string): PlatformKey {
  return { id, ...crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }) }
}

/** `now`: the receiving server's clock: notifications are timestamped by it, trades paid and refunds made at it. */
export async function startFakeWechatPay(now: () => Date = () => new Date()) {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platform: Record<SignWith, PlatformKey> = {
    publicKey: platformKey(PLATFORM_KEY_ID),
    certificate: platformKey(PLATFORM_CERT_SERIAL),
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-'))
  const files = {
    privateKey: path.join(dir, 'apiclient_key.pem'),
    publicKey: path.join(dir, 'pub_key.pem'),
    certificate: path.join(dir, 'wechatpay_cert.pem'),
  }
  fs.writeFileSync(files.privateKey, pem(merchant.privateKey, 'pkcs8'))
  fs.writeFileSync(files.publicKey, pem(platform.publicKey.publicKey, 'spki'))
  fs.writeFileSync(files.certificate, platformCertificate(platform.certificate))

  /** By out_trade_no. */
  const trades = new Map<string, FakeTrade>()
  /** By out_refund_no. */
  const refunds = new Map<string, FakeRefund>()
  /** Bill files by download token. */
  const billFiles = new Map<string, Buffer>()
  const calls: RecordedCall[] = []
  /** Requests whose signature did not verify (`METHOD /path`). */
  const refused: string[] = []
  const behaviour = {
    /** The next answers carry a signature that does not verify. */
    badAnswerSignature: false,
    /**
     * The key that signs answers. null: as WeChat does for a merchant holding both, the key the
     * request names in Wechatpay-Serial, else the platform certificate.
     */
    signWith: null as SignWith | null,
    /** Requests are read and never answered (a provider that hangs). */
    hang: false,
    /** The bill's hash_value does not match its file. */
    badBillHash: false,
  }
  /** Test-made differences in the daily bills, for reconciliation tests. */
  const billExtras = {
    /** Lines WeChat booked that the merchant may not know of. */
    rows: [] as BillExtraRow[],
    /** Booked amounts in fen that differ from the real ones, by out_trade_no (payments) or out_refund_no (refunds). */
    fen: new Map<string, number>(),
  }

  function answerKey(req: http.IncomingMessage): PlatformKey {
    if (behaviour.signWith) return platform[behaviour.signWith]
    const named = Object.values(platform).find((key) => key.id === req.headers['wechatpay-serial'])
    return named ?? platform.certificate
  }

  function sign(key: PlatformKey, timestamp: string, nonce: string, body: string): string {
    return crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key.privateKey, 'base64')
  }

  function respond(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer) {
    if (answer.file) {
      res.writeHead(answer.status, { 'Content-Type': 'application/octet-stream' })
      return res.end(answer.file)
    }
    const body = answer.json === undefined ? '' : wechatJson(answer.json)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = crypto.randomBytes(16).toString('hex')
    const key = answerKey(req)
    const signed = behaviour.badAnswerSignature ? `${body} ` : body
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': key.id,
      'Wechatpay-Signature': sign(key, timestamp, nonce, signed),
      'Request-ID': crypto.randomUUID(),
    })
    res.end(body)
  }

  /** WeChat's documented check of a merchant request: the Authorization header's signature. */
  function authorised(req: http.IncomingMessage, body: string): boolean {
    const header = req.headers.authorization ?? ''
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false
    const fields = Object.fromEntries(
      [...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    )
    if (fields.mchid !== MCHID || fields.serial_no !== MERCHANT_SERIAL) return false
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`
    return crypto
      .createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64')
  }

  const paid = (trade: FakeTrade) => trade.state === 'SUCCESS' || trade.state === 'REFUND'

  function transactionOf(code: string, trade: FakeTrade, state: string = trade.state): FakeTransaction {
    return {
      appid: trade.body.appid,
      mchid: MCHID,
      out_trade_no: code,
      trade_state: state,
      ...(trade.transactionId
        ? { transaction_id: trade.transactionId, success_time: rfc3339(trade.paidAt ?? now()) }
        : {}),
      amount: { total: trade.body.amount.total, payer_total: trade.body.amount.total, currency: 'CNY' },
      ...(trade.body.payer ? { payer: trade.body.payer } : {}),
    }
  }

  // ---- Trades -------------------------------------------------------------------------------------

  function prepayAnswer(trade: FakeTrade): Answer {
    if (trade.kind === 'native')
      return { status: 200, json: { code_url: `weixin://wxpay/bizpayurl?pr=${trade.prepayId}` } }
    if (trade.kind === 'h5')
      return {
        status: 200,
        json: {
          h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=1`,
        },
      }
    return { status: 200, json: { prepay_id: trade.prepayId } }
  }

  /** A new order; the same order again answers the same prepay, another order under its number is refused. */
  function createTrade(kind: FakeTrade['kind'], body: OrderBody): Answer {
    const problem = orderProblem(kind, body)
    if (problem) return paramError(problem)
    if (![OFFICIAL_APPID, MINI_APPID].includes(body.appid))
      return refusal(400, 'APPID_MCHID_NOT_MATCH', '商户号与appid不匹配')
    const existing = trades.get(body.out_trade_no)
    if (existing) {
      if (paid(existing)) return refusal(400, 'ORDERPAID', '该订单已支付')
      if (existing.state === 'CLOSED') return refusal(400, 'ORDER_CLOSED', '订单已关闭')
      if (existing.kind !== kind || canonical(existing.body) !== canonical(body))
        return refusal(403, 'OUT_TRADE_NO_USED', '商户订单号重复')
      return prepayAnswer(existing)
    }
    const trade: FakeTrade = {
      kind,
      body,
      state: 'NOTPAY',
      prepayId: `wx${Date.now()}${crypto.randomInt(1e6)}`,
    }
    trades.set(body.out_trade_no, trade)
    return prepayAnswer(trade)
  }

  function queryTrade(code: string, url: URL): Answer {
    if (url.searchParams.get('mchid') !== MCHID) return paramError('mchid is not this merchant')
    const trade = trades.get(code)
    if (!trade) return refusal(404, 'ORDER_NOT_EXIST', '订单不存在')
    return { status: 200, json: transactionOf(code, trade) }
  }

  function closeTrade(code: string, body: { mchid?: string } | null): Answer {
    if (body?.mchid !== MCHID) return paramError('mchid is not this merchant')
    const trade = trades.get(code)
    if (!trade) return refusal(404, 'ORDER_NOT_EXIST', '订单不存在')
    if (paid(trade)) return refusal(400, 'ORDERPAID', '订单已支付')
    trade.state = 'CLOSED'
    return { status: 204 }
  }

  // ---- Refunds ------------------------------------------------------------------------------------

  function refundOf(refund: FakeRefund) {
    const { refund: fen, total } = refund.body.amount
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.body.out_refund_no,
      transaction_id: refund.transactionId,
      out_trade_no: refund.tradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successAt ? { success_time: rfc3339(refund.successAt) } : {}),
      create_time: rfc3339(refund.createdAt),
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total,
        refund: fen,
        payer_total: total,
        payer_refund: fen,
        settlement_refund: fen,
        settlement_total: total,
        discount_refund: 0,
        currency: 'CNY',
      },
    }
  }

  function tradeOfRefund(body: RefundBody): [string, FakeTrade] | undefined {
    if (body.out_trade_no) {
      const trade = trades.get(body.out_trade_no)
      return trade && [body.out_trade_no, trade]
    }
    return [...trades].find(([, trade]) => trade.transactionId === body.transaction_id)
  }

  /** What is left to refund: refunds closed at WeChat gave their amount back. */
  function refundable(code: string, trade: FakeTrade): number {
    const taken = [...refunds.values()]
      .filter((refund) => refund.tradeNo === code && refund.status !== 'CLOSED')
      .reduce((sum, refund) => sum + refund.body.amount.refund, 0)
    return trade.body.amount.total - taken
  }

  /** A refund of a paid trade, PROCESSING until settled; the same out_refund_no again is the same refund. */
  function createRefund(body: RefundBody): Answer {
    const problem = refundProblem(body)
    if (problem) return paramError(problem)
    const existing = refunds.get(body.out_refund_no)
    if (existing) {
      const same =
        existing.body.amount.refund === body.amount.refund && existing.body.amount.total === body.amount.total
      return same
        ? { status: 200, json: refundOf(existing) }
        : refusal(400, 'INVALID_REQUEST', '订单金额或退款金额与之前请求不一致，请核实后再试')
    }
    const found = tradeOfRefund(body)
    if (!found) return refusal(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    const [code, trade] = found
    if (!paid(trade) || !trade.transactionId) return refusal(400, 'INVALID_REQUEST', '订单未支付')
    if (body.amount.total !== trade.body.amount.total)
      return refusal(400, 'INVALID_REQUEST', '订单金额或退款金额与之前请求不一致，请核实后再试')
    if (body.amount.refund > refundable(code, trade))
      return refusal(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额')
    const refund: FakeRefund = {
      body,
      refundId: `5030${Date.now()}${crypto.randomInt(1e6)}`,
      tradeNo: code,
      transactionId: trade.transactionId,
      status: 'PROCESSING',
      createdAt: now(),
    }
    refunds.set(body.out_refund_no, refund)
    trade.state = 'REFUND'
    return { status: 200, json: refundOf(refund) }
  }

  function queryRefund(refundNo: string): Answer {
    const refund = refunds.get(refundNo)
    if (!refund) return refusal(404, 'RESOURCE_NOT_EXISTS', '退款单不存在')
    return { status: 200, json: refundOf(refund) }
  }

  // ---- Bills --------------------------------------------------------------------------------------

  /** A payment line (paymentFen) or a refund line (refund, paymentFen 0). */
  interface BillLine {
    at: Date
    trade?: FakeTrade
    tradeNo: string
    transactionId: string
    paymentFen: number
    refund?: { id: string; no: string; fen: number; status: string }
  }

  const onDay = (at: Date | undefined, date: string) => !!at && beijing(at).date === date

  function billLines(date: string): BillLine[] {
    const payments: BillLine[] = [...trades]
      .filter(([, trade]) => trade.transactionId && onDay(trade.paidAt, date))
      .map(([code, trade]) => ({
        at: trade.paidAt!,
        trade,
        tradeNo: code,
        transactionId: trade.transactionId!,
        paymentFen: billExtras.fen.get(code) ?? trade.body.amount.total,
      }))
    const refunded: BillLine[] = [...refunds.values()]
      .filter((refund) => onDay(refund.createdAt, date))
      .map((refund) => ({
        at: refund.createdAt,
        trade: trades.get(refund.tradeNo),
        tradeNo: refund.tradeNo,
        transactionId: refund.transactionId,
        paymentFen: 0,
        refund: {
          id: refund.refundId,
          no: refund.body.out_refund_no,
          fen: billExtras.fen.get(refund.body.out_refund_no) ?? refund.body.amount.refund,
          status: refund.status,
        },
      }))
    const extras: BillLine[] = billExtras.rows
      .filter((row) => row.date === date)
      .map((row) => ({
        at: new Date(`${date}T12:00:00+08:00`),
        tradeNo: row.tradeNo,
        transactionId: row.transactionId ?? `4200${crypto.randomInt(1e9)}`,
        paymentFen: row.kind === 'payment' ? row.fen : 0,
        ...(row.kind === 'refund'
          ? {
              refund: {
                id: `5030${crypto.randomInt(1e9)}`,
                no: row.refundNo ?? '',
                fen: row.fen,
                status: 'SUCCESS',
              },
            }
          : {}),
      }))
    return [...payments, ...refunded, ...extras].sort((a, b) => a.at.getTime() - b.at.getTime())
  }

  /** One line of bill_type ALL, in WeChat's column order. */
  function billFields(line: BillLine): string[] {
    const { date, time } = beijing(line.at)
    const { refund, paymentFen } = line
    return [
      `${date} ${time}`,
      line.trade?.body.appid ?? OFFICIAL_APPID,
      MCHID,
      '0',
      '',
      line.transactionId,
      line.tradeNo,
      line.trade?.body.payer?.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      line.trade ? TRADE_TYPES[line.trade.kind] : 'NATIVE',
      refund ? 'REFUND' : 'SUCCESS',
      'OTHERS',
      'CNY',
      yuan(paymentFen),
      '0.00',
      refund?.id ?? '0',
      refund?.no ?? '0',
      yuan(refund?.fen ?? 0),
      '0.00',
      refund ? 'ORIGINAL' : '',
      refund?.status ?? '',
      (line.trade?.body.description ?? '').replace(/[\r\n]/g, ' '),
      '',
      ((paymentFen * 0.006) / 100).toFixed(5),
      '0.60%',
      yuan(paymentFen),
      yuan(refund?.fen ?? 0),
      '',
    ]
  }

  /** The file: BOM, header, lines whose every field starts with '`', a summary header and its totals. */
  function billFile(lines: BillLine[]): Buffer {
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
      '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,' +
      '手续费,费率,订单金额,申请退款金额,费率备注'
    const rows = lines.map((line) =>
      billFields(line)
        .map((field) => `\`${field}`)
        .join(','),
    )
    const sum = (pick: (line: BillLine) => number) => lines.reduce((total, line) => total + pick(line), 0)
    const paidFen = sum((line) => line.paymentFen)
    const refundFen = sum((line) => line.refund?.fen ?? 0)
    const totals = [
      String(lines.length),
      yuan(paidFen),
      yuan(refundFen),
      '0.00',
      (paidFen * 0.00006).toFixed(5),
    ]
    const summary = [
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      [...totals, yuan(paidFen), yuan(refundFen)].map((field) => `\`${field}`).join(','),
    ]
    return Buffer.from(`\uFEFF${[header, ...rows, ...summary].join('\r\n')}\r\n`, 'utf8')
  }

  /**
   * Where to download a day's bill; a day with no payment or refund has none (NO_STATEMENT_EXIST).
   * Unlike WeChat (a day's bill from 10:00 the next day), the fake serves today's bill as it stands.
   */
  function tradeBill(url: URL): Answer {
    const date = url.searchParams.get('bill_date') ?? ''
    if (!BILL_DATE.test(date)) return paramError('bill_date is not YYYY-MM-DD')
    // bill_type defaults to ALL; the fake writes no other (SUCCESS and REFUND have other columns).
    if ((url.searchParams.get('bill_type') ?? 'ALL') !== 'ALL')
      return paramError('the fake serves bill_type ALL only')
    const lines = billLines(date)
    if (!lines.length) return refusal(400, 'NO_STATEMENT_EXIST', '账单文件不存在')
    const file = billFile(lines)
    const token = crypto.randomBytes(24).toString('base64url')
    billFiles.set(token, file)
    const hashed = behaviour.badBillHash ? Buffer.concat([file, Buffer.from(' ')]) : file
    return {
      status: 200,
      json: {
        hash_type: 'SHA1',
        hash_value: crypto.createHash('sha1').update(hashed).digest('hex'),
        download_url: `${baseUrl}v3/billdownload/file?token=${token}`,
      },
    }
  }

  function downloadBill(url: URL): Answer {
    const file = billFiles.get(url.searchParams.get('token') ?? '')
    return file ? { status: 200, file } : refusal(400, 'INVALID_REQUEST', '下载链接已失效')
  }

  // ---- Server -------------------------------------------------------------------------------------

  const notFound = () => refusal(404, 'NOT_FOUND', 'unknown path')

  function route(method: string, url: URL, json: unknown): Answer {
    const created = url.pathname.match(/^\/v3\/pay\/transactions\/(native|h5|jsapi)$/)
    if (method === 'POST' && created) return createTrade(created[1] as FakeTrade['kind'], json as OrderBody)
    const byCode = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/)
    if (byCode) {
      const code = decodeURIComponent(byCode[1]!)
      if (byCode[2]) return method === 'POST' ? closeTrade(code, json as { mchid?: string }) : notFound()
      return method === 'GET' ? queryTrade(code, url) : notFound()
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds')
      return createRefund(json as RefundBody)
    const refundNo = url.pathname.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/)
    if (method === 'GET' && refundNo) return queryRefund(decodeURIComponent(refundNo[1]!))
    if (method === 'GET' && url.pathname === '/v3/bill/tradebill') return tradeBill(url)
    if (method === 'GET' && url.pathname === '/v3/billdownload/file') return downloadBill(url)
    return notFound()
  }

  function parse(body: string): { json: unknown } | null {
    try {
      return { json: body ? JSON.parse(body) : null }
    } catch {
      return null
    }
  }

  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const method = req.method ?? ''
      if (!authorised(req, body)) {
        refused.push(`${method} ${url.pathname}`)
        return respond(req, res, refusal(401, 'SIGN_ERROR', '签名错误'))
      }
      const parsed = parse(body)
      const serial = req.headers['wechatpay-serial']
      calls.push({
        method,
        path: url.pathname,
        body: (parsed?.json ?? null) as RecordedCall['body'],
        ...(typeof serial === 'string' ? { wechatpaySerial: serial } : {}),
      })
      if (behaviour.hang) return
      if (!parsed) return respond(req, res, paramError('the body is not JSON'))
      respond(req, res, route(method, url, parsed.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

  /** The payer pays: the trade becomes SUCCESS (what a later query sees), paid at `now()`. */
  function pay(code: string): FakeTrade {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    trade.state = 'SUCCESS'
    trade.transactionId = `4200${Date.now()}${crypto.randomInt(1e6)}`
    trade.paidAt = now()
    return trade
  }

  /** WeChat settles a refund: SUCCESS (the payer has the money back), ABNORMAL or CLOSED. */
  function settleRefund(
    refundNo: string,
    status: Exclude<RefundStatus, 'PROCESSING'> = 'SUCCESS',
  ): FakeRefund {
    const refund = refunds.get(refundNo)
    if (!refund) throw new Error(`no refund ${refundNo} at the fake`)
    refund.status = status
    if (status === 'SUCCESS') refund.successAt = now()
    return refund
  }

  /** A notification as WeChat posts it: headers and the exact body. */
  function signedNotification<T>(
    event: { type: string; summary: string; originalType: string },
    resource: T,
    options: NotificationOptions<T>,
  ) {
    options.change?.(resource)
    const nonce = crypto.randomBytes(6).toString('hex')
    const cipher = crypto.createCipheriv('aes-256-gcm', options.key ?? APIV3_KEY, nonce)
    cipher.setAAD(Buffer.from(event.originalType))
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64')
    const body = wechatJson({
      id: crypto.randomUUID(),
      create_time: rfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: event.type,
      summary: event.summary,
      resource: {
        original_type: event.originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: event.originalType,
        nonce,
      },
    })
    const key = platform[options.signWith ?? 'publicKey']
    const timestamp = String(Math.floor(now().getTime() / 1000) - (options.ageSeconds ?? 0))
    const headerNonce = crypto.randomBytes(16).toString('hex')
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': key.id,
        'wechatpay-signature': sign(key, timestamp, headerNonce, body),
      },
      body: options.tamper ? body.replace(event.summary, `${event.summary} `) : body,
    }
  }

  /**
   * The notification WeChat posts for a paid trade (TRANSACTION.SUCCESS; TRANSACTION.CLOSED for a
   * closed one). `change` rewrites the decrypted transaction (a wrong amount).
   */
  function notification(code: string, options: NotificationOptions<FakeTransaction> = {}) {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    const state = trade.transactionId ? 'SUCCESS' : trade.state
    const success = state === 'SUCCESS'
    return signedNotification(
      {
        type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
        summary: success ? '支付成功' : '支付关闭',
        originalType: 'transaction',
      },
      transactionOf(code, trade, state),
      options,
    )
  }

  /** The notification WeChat posts when a refund settles (REFUND.SUCCESS / ABNORMAL / CLOSED). */
  function refundNotification(refundNo: string, options: NotificationOptions<FakeRefundResource> = {}) {
    const refund = refunds.get(refundNo)
    if (!refund) throw new Error(`no refund ${refundNo} at the fake`)
    if (refund.status === 'PROCESSING')
      throw new Error(`refund ${refundNo} is not settled: settleRefund first`)
    const { refund: fen, total } = refund.body.amount
    const resource: FakeRefundResource = {
      mchid: MCHID,
      out_trade_no: refund.tradeNo,
      transaction_id: refund.transactionId,
      out_refund_no: refundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      ...(refund.successAt ? { success_time: rfc3339(refund.successAt) } : {}),
      user_received_account: '支付用户零钱',
      amount: { total, refund: fen, payer_total: total, payer_refund: fen },
    }
    return signedNotification(
      { type: `REFUND.${refund.status}`, summary: REFUND_SUMMARIES[refund.status], originalType: 'refund' },
      resource,
      options,
    )
  }

  /** Posts the refund's notification to the notify_url of its request; the merchant's HTTP status. */
  async function postRefundNotification(
    refundNo: string,
    options: NotificationOptions<FakeRefundResource> = {},
  ): Promise<number> {
    const url = refunds.get(refundNo)?.body.notify_url
    if (!url) throw new Error(`refund ${refundNo} has no notify_url`)
    const notice = refundNotification(refundNo, options)
    const answer = await fetch(url, { method: 'POST', headers: notice.headers, body: notice.body })
    return answer.status
  }

  /** The WECHATPAY_* variables of this merchant in public-key mode, as README "Deploying" names them. */
  const env = {
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_SERIAL: MERCHANT_SERIAL,
    WECHATPAY_PRIVATE_KEY_FILE: files.privateKey,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_PUBLIC_KEY_FILE: files.publicKey,
    WECHATPAY_PUBLIC_KEY_ID: PLATFORM_KEY_ID,
    WECHATPAY_APPID: OFFICIAL_APPID,
    WECHATPAY_MINI_APPID: MINI_APPID,
    WECHATPAY_BASE_URL: baseUrl,
    // The fake is plain http on loopback, which production settings refuse unless told this is a test.
    PROVIDER_ENDPOINTS_UNSAFE: '1',
  }
  /** The same merchant in platform-certificate mode (no public key). */
  const { WECHATPAY_PUBLIC_KEY_FILE: _file, WECHATPAY_PUBLIC_KEY_ID: _id, ...common } = env
  const certificateEnv = { ...common, WECHATPAY_PLATFORM_CERT_FILE: files.certificate }

  return {
    env,
    certificateEnv,
    baseUrl,
    trades,
    refunds,
    calls,
    refused,
    behaviour,
    billExtras,
    merchantPublicKey: merchant.publicKey,
    /** The verification keys a merchant configures (WechatPaySettings.platformKeys entries). */
    platformKeys: {
      publicKey: { id: PLATFORM_KEY_ID, publicKey: platform.publicKey.publicKey },
      certificate: { id: PLATFORM_CERT_SERIAL, publicKey: platform.certificate.publicKey },
    },
    pay,
    settleRefund,
    notification,
    refundNotification,
    postRefundNotification,
    close: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(dir, { recursive: true, force: true })
        // Hanging requests keep their connections: end them, or close() waits for ever.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>
