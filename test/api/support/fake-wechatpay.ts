// A protocol-faithful WeChat Pay API v3 on a local port, for tests: it refuses any request whose
// Authorization (WECHATPAY2-SHA256-RSA2048) does not verify against the merchant's public key,
// answers with the documented shapes signed by the platform key (Wechatpay-* headers), keeps the
// trades it was asked for, and writes notifications the way WeChat does (resource encrypted with
// AES-256-GCM under the APIv3 key, the body signed by the platform key). Keys are generated here.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

export const MCHID = '1900000109'
export const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const PLATFORM_KEY_ID = 'PUB_KEY_ID_0119000001092025000000000001'
export const OFFICIAL_APPID = 'wx1234567890abcdef'
export const MINI_APPID = 'wxfedcba0987654321'
export const APIV3_KEY = 'k3GSx1ZyPp7vNqa0Hf4dWm8cLr2tYu6B'

/** The order body a merchant posts (the fields these tests read). */
export interface OrderBody {
  appid: string
  mchid: string
  out_trade_no: string
  notify_url?: string
  time_expire?: string
  amount: { total: number; currency: string }
  payer?: { openid: string }
  scene_info?: unknown
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
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED'
  transactionId?: string
}

export interface RecordedCall {
  method: string
  path: string
  body: OrderBody | null
}

const pem = (key: crypto.KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }) as string

/** `now`: the receiving server's clock, which notifications are timestamped by (answers use the real one). */
export async function startFakeWechatPay(now: () => Date = () => new Date()) {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-'))
  const files = {
    privateKey: path.join(dir, 'apiclient_key.pem'),
    publicKey: path.join(dir, 'pub_key.pem'),
  }
  fs.writeFileSync(files.privateKey, pem(merchant.privateKey, 'pkcs8'))
  fs.writeFileSync(files.publicKey, pem(platform.publicKey, 'spki'))

  const trades = new Map<string, FakeTrade>()
  const calls: RecordedCall[] = []
  const refused: string[] = []
  /** Set to make the next answers carry a signature that does not verify. */
  const behaviour = { badAnswerSignature: false }

  function signedAnswer(res: http.ServerResponse, status: number, payload: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = crypto.randomBytes(16).toString('hex')
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${behaviour.badAnswerSignature ? `${body} ` : body}\n`)
      .sign(platform.privateKey, 'base64')
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': PLATFORM_KEY_ID,
      'Wechatpay-Signature': signature,
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

  function transactionOf(code: string, trade: FakeTrade): FakeTransaction {
    return {
      appid: trade.body.appid,
      mchid: MCHID,
      out_trade_no: code,
      trade_state: trade.state,
      ...(trade.transactionId
        ? { transaction_id: trade.transactionId, success_time: new Date().toISOString() }
        : {}),
      amount: { total: trade.body.amount.total, payer_total: trade.body.amount.total, currency: 'CNY' },
      ...(trade.body.payer ? { payer: trade.body.payer } : {}),
    }
  }

  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (!authorised(req, body)) {
        refused.push(`${req.method} ${url.pathname}`)
        return signedAnswer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' })
      }
      const json = body ? (JSON.parse(body) as OrderBody) : null
      calls.push({ method: req.method ?? '', path: url.pathname, body: json })
      const created = url.pathname.match(/^\/v3\/pay\/transactions\/(native|h5|jsapi)$/)
      if (req.method === 'POST' && created && json) {
        const kind = created[1] as FakeTrade['kind']
        trades.set(json.out_trade_no, { kind, body: json, state: 'NOTPAY' })
        const prepay = `wx${Date.now()}${crypto.randomInt(1e6)}`
        if (kind === 'native')
          return signedAnswer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${prepay}` })
        if (kind === 'h5')
          return signedAnswer(res, 200, {
            h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1`,
          })
        return signedAnswer(res, 200, { prepay_id: prepay })
      }
      const byCode = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/)
      if (byCode) {
        const trade = trades.get(decodeURIComponent(byCode[1]!))
        if (!trade) return signedAnswer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
        if (byCode[2]) {
          trade.state = 'CLOSED'
          return signedAnswer(res, 204, undefined)
        }
        if (url.searchParams.get('mchid') !== MCHID) return signedAnswer(res, 400, { code: 'PARAM_ERROR' })
        return signedAnswer(res, 200, transactionOf(decodeURIComponent(byCode[1]!), trade))
      }
      signedAnswer(res, 404, { code: 'NOT_FOUND', message: 'unknown path' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

  /** The payer pays: the trade becomes SUCCESS (what a later query sees). */
  function pay(code: string): FakeTrade {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    trade.state = 'SUCCESS'
    trade.transactionId = `4200${Date.now()}${crypto.randomInt(1e6)}`
    return trade
  }

  /**
   * The notification WeChat posts for a paid trade, as headers and the exact body. `change`
   * rewrites the decrypted transaction (a wrong amount); the options age it or damage it.
   */
  function notification(
    code: string,
    options: {
      change?: (transaction: FakeTransaction) => void
      ageSeconds?: number
      key?: string
      tamper?: boolean
    } = {},
  ) {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    const transaction = transactionOf(code, trade)
    options.change?.(transaction)
    const nonce = crypto.randomBytes(6).toString('hex')
    const cipher = crypto.createCipheriv('aes-256-gcm', options.key ?? APIV3_KEY, nonce)
    cipher.setAAD(Buffer.from('transaction'))
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(transaction), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64')
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: trade.state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: 'transaction',
        nonce,
      },
    })
    const timestamp = String(Math.floor(now().getTime() / 1000) - (options.ageSeconds ?? 0))
    const headerNonce = crypto.randomBytes(16).toString('hex')
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${headerNonce}\n${body}\n`)
      .sign(platform.privateKey, 'base64')
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': PLATFORM_KEY_ID,
        'wechatpay-signature': signature,
      },
      body: options.tamper ? body.replace('"summary":"支付成功"', '"summary":"支付成功 "') : body,
    }
  }

  /** The WECHATPAY_* variables of this merchant, as README "Deploying" names them. */
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
  }

  return {
    env,
    baseUrl,
    trades,
    calls,
    refused,
    behaviour,
    merchantPublicKey: merchant.publicKey,
    pay,
    notification,
    close: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(dir, { recursive: true, force: true })
        server.close(() => resolve())
      }),
  }
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>
