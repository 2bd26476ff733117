// A protocol-faithful Alipay open-platform gateway on a local port, for tests: it refuses any call
// whose RSA2 `sign` (every other parameter, sorted, k=v joined by &) does not verify against the
// application's public key, answers `{<method>_response: {...}, sign}` signed by Alipay's key over the
// response object's exact text, keeps the trades, checks the wap page URL a phone would open, and
// writes asynchronous notifications signed the way Alipay does (all fields but sign and sign_type).
// A browser sent to the wap page URL gets a cashier page: 确认付款 pays the trade, posts the
// notification (unless `behaviour.dropNotifications`, a notification lost on the way) and returns
// the browser to return_url, as Alipay's wap cashier does.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

export const ALIPAY_APP_ID = '2021000000000001'

export interface AlipayTrade {
  biz: Record<string, string>
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
  tradeNo?: string
}

/** Alipay's signed text: every parameter but `sign` (and, for notifications, `sign_type`), sorted. */
export function signContent(params: Record<string, string>, omit: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

const CASHIER_PAY = '/cashier/pay'

export async function startFakeAlipay() {
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-'))
  const files = {
    privateKey: path.join(dir, 'app_private_key.pem'),
    publicKey: path.join(dir, 'alipay_public_key.pem'),
  }
  fs.writeFileSync(files.privateKey, app.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string)
  fs.writeFileSync(files.publicKey, alipay.publicKey.export({ type: 'spki', format: 'pem' }) as string)

  const trades = new Map<string, AlipayTrade>()
  const calls: { method: string; params: Record<string, string> }[] = []
  const refused: string[] = []
  const behaviour = { dropNotifications: false }

  const appSigned = (params: Record<string, string>) =>
    crypto
      .createVerify('RSA-SHA256')
      .update(signContent(params))
      .verify(app.publicKey, params.sign ?? '', 'base64')
  const alipaySign = (text: string) =>
    crypto.createSign('RSA-SHA256').update(text).sign(alipay.privateKey, 'base64')

  function answer(res: http.ServerResponse, method: string, payload: Record<string, unknown>) {
    const inner = JSON.stringify(payload)
    const key = `${method.replaceAll('.', '_')}_response`
    res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' })
    res.end(`{"${key}":${inner},"sign":"${alipaySign(inner)}"}`)
  }

  const notExist = {
    code: '40004',
    msg: 'Business Failed',
    sub_code: 'ACQ.TRADE_NOT_EXIST',
    sub_msg: '交易不存在',
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
      const params = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      } as Record<string, string>
      const method = params.method ?? ''
      if (params.app_id !== ALIPAY_APP_ID || params.sign_type !== 'RSA2' || !appSigned(params)) {
        refused.push(method)
        return answer(res, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        })
      }
      calls.push({ method, params })
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>
      const code = biz.out_trade_no ?? ''
      const trade = trades.get(code)
      if (method === 'alipay.trade.precreate') {
        trades.set(code, { biz: { ...biz, notify_url: params.notify_url ?? '' }, status: 'WAIT_BUYER_PAY' })
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: code,
          qr_code: `https://qr.alipay.com/bax0${code}`,
        })
      }
      if (method === 'alipay.trade.query') {
        if (!trade) return answer(res, method, notExist)
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: code,
          trade_no: trade.tradeNo ?? '',
          trade_status: trade.status,
          total_amount: trade.biz.total_amount,
        })
      }
      if (method === 'alipay.trade.close') {
        if (!trade) return answer(res, method, notExist)
        trade.status = 'TRADE_CLOSED'
        return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: code })
      }
      answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.unknown-method' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`

  /** What Alipay does when a phone opens the wap URL: checks its signature, then keeps the trade. */
  function openWapPage(pageUrl: string): AlipayTrade | null {
    const url = new URL(pageUrl)
    const params = Object.fromEntries(url.searchParams) as Record<string, string>
    if (
      url.origin + url.pathname !== gateway ||
      params.method !== 'alipay.trade.wap.pay' ||
      !appSigned(params)
    ) {
      refused.push('alipay.trade.wap.pay')
      return null
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>
    const trade: AlipayTrade = {
      biz: { ...biz, notify_url: params.notify_url ?? '', return_url: params.return_url ?? '' },
      status: 'WAIT_BUYER_PAY',
    }
    trades.set(biz.out_trade_no ?? '', trade)
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
    pay(code)
    if (!behaviour.dropNotifications)
      await fetch(trade.biz.notify_url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: notification(code),
      })
    res.writeHead(302, { Location: trade.biz.return_url! }).end()
  }

  function pay(code: string): AlipayTrade {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    trade.status = 'TRADE_SUCCESS'
    trade.tradeNo = `2026${Date.now()}${crypto.randomInt(1e6)}`
    return trade
  }

  /** The form Alipay posts to notify_url, signed with Alipay's key; `change` rewrites fields before signing. */
  function notification(code: string, change: (fields: Record<string, string>) => void = () => {}) {
    const trade = trades.get(code)
    if (!trade) throw new Error(`no trade ${code} at the fake`)
    const fields: Record<string, string> = {
      notify_time: '2026-11-27 16:00:00',
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replaceAll('-', ''),
      app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo ?? '',
      out_trade_no: code,
      trade_status: trade.status,
      total_amount: trade.biz.total_amount ?? '',
      receipt_amount: trade.biz.total_amount ?? '',
      subject: trade.biz.subject ?? '',
      gmt_payment: '2026-11-27 15:59:58',
    }
    change(fields)
    // Alipay leaves out empty fields (a trade not yet paid has no trade_no).
    for (const key of Object.keys(fields)) if (fields[key] === '') delete fields[key]
    fields.sign = alipaySign(signContent(fields, ['sign', 'sign_type']))
    return new URLSearchParams(fields).toString()
  }

  const env = {
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY_FILE: files.privateKey,
    ALIPAY_PUBLIC_KEY_FILE: files.publicKey,
    ALIPAY_GATEWAY: gateway,
  }

  return {
    env,
    gateway,
    trades,
    calls,
    refused,
    behaviour,
    openWapPage,
    pay,
    notification,
    close: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(dir, { recursive: true, force: true })
        server.close(() => resolve())
      }),
  }
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>
