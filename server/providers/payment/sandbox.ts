// The payment sandbox: development's stand-in for both providers. Every pay address is this
// server's /__dev/pay page (routes/dev-pay.ts), and paying there posts a notification signed with
// HMAC-SHA256 (PAY_NOTIFY_SECRET, or the sandbox's own key) to the notify route, so an order is
// paid through the same verified path as with a real provider. Its notifications are flat fields
// (JSON or a form) in the providers' v2 names; they are answered as our envelopes, which the
// sandbox page shows. Like a provider after a late scan, it pays an attempt whatever the order's
// state (a late, voided or second payment); its refunds succeed at once and are written to the
// cashier's log (sandbox_messages, channel `refund`, by order code).
import type { JsapiParams } from '../../../src/core/contract/payments'
import crypto from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sandboxMessages } from '../../db/schema'
import {
  fenToYuan,
  NotificationRefused,
  yuanToFen,
  type AlipayGateway,
  type NotificationResult,
  type RawNotification,
  type RefundRequest,
  type TradeOrder,
  type WechatPayGateway,
} from './gateway'

export type SandboxProvider = 'alipay' | 'wxpay'
/** Where the sandbox page was opened from: a desktop QR, or a phone's wap / MWEB redirect. */
type SandboxChannel = 'qr' | 'wap'

/** A notification the sandbox refuses: the text the sandbox page and the API tests show. */
export const SANDBOX_BAD_SIGN = '签名校验失败'

/** The signed text: every field but `sign`, non-empty, sorted by name, as k=v joined by &. */
function canonicalFields(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && fields[key] !== '' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&')
}

export function signFields(fields: Record<string, string>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(canonicalFields(fields)).digest('hex')
}

function validSignature(fields: Record<string, string>, secret: string): boolean {
  const expected = Buffer.from(signFields(fields, secret), 'hex')
  const given = Buffer.from(typeof fields.sign === 'string' ? fields.sign : '', 'hex')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

function sandboxPageUrl(origin: string, provider: SandboxProvider, channel: SandboxChannel, tradeNo: string) {
  const query = new URLSearchParams({ provider, channel, out_trade_no: tradeNo })
  return `${origin}/__dev/pay?${query}`
}

/** Flat string fields from a JSON object or a form; anything else has no valid signature. */
function readFields({ headers, body }: RawNotification): Record<string, string> {
  const type = String(headers['content-type'] ?? '')
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body))
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new NotificationRefused(SANDBOX_BAD_SIGN)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new NotificationRefused(SANDBOX_BAD_SIGN)
  const entries = Object.entries(parsed)
  if (!entries.every(([, value]) => typeof value === 'string'))
    throw new NotificationRefused(SANDBOX_BAD_SIGN)
  return Object.fromEntries(entries) as Record<string, string>
}

/**
 * The out_trade_no's order: the attempt's suffix (services/payments/attempts.ts) taken off; an
 * out_trade_no without one is the order code itself (order codes may start with letters too).
 */
const orderCodeOf = (tradeNo: string) => tradeNo.replace(/(?:AQ|AW|WN|WH|WJ|WM)\d+$/, '')

export function createSandboxPayments({
  secret,
  now,
  db,
}: {
  secret: string
  now: () => Date
  db: Database
}) {
  function verified(raw: RawNotification): Record<string, string> {
    const fields = readFields(raw)
    if (!validSignature(fields, secret)) throw new NotificationRefused(SANDBOX_BAD_SIGN)
    return fields
  }

  /** A refund is paid back at once; the cashier's log shows it under the order. */
  async function refund(request: RefundRequest) {
    const [logged] = await db
      .select({ id: sandboxMessages.id })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.channel, 'refund'), eq(sandboxMessages.subject, request.refundNo)))
    if (!logged)
      await db.insert(sandboxMessages).values({
        channel: 'refund',
        recipient: orderCodeOf(request.tradeNo),
        subject: request.refundNo,
        body: `退款 ¥${fenToYuan(request.refundFen)}（交易号 ${request.transactionId}，退款单号 ${request.refundNo}）：${request.reason}`,
        createdAt: now(),
      })
    return { state: 'refunded' } as const
  }

  const common = {
    sandbox: true,
    // The sandbox's notifications are never lost, and nothing stays open at a provider.
    query: async () => ({ state: 'open' }) as const,
    close: async () => 'closed' as const,
    refund,
    queryRefund: refund,
    // Its payments are all in the payments table already: a bill would add nothing to compare.
    bill: async () => [],
  }

  /** The cashier's log of an order's refunds, newest first. */
  async function refundsOf(orderCode: string): Promise<string[]> {
    const rows = await db
      .select({ body: sandboxMessages.body })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.channel, 'refund'), eq(sandboxMessages.recipient, orderCode)))
      .orderBy(desc(sandboxMessages.id))
    return rows.map((row) => row.body)
  }

  const alipay: AlipayGateway = {
    ...common,
    precreate: async (order: TradeOrder) => sandboxPageUrl(order.origin, 'alipay', 'qr', order.tradeNo),
    wapPayUrl: (order: TradeOrder) => sandboxPageUrl(order.origin, 'alipay', 'wap', order.tradeNo),
    verifyNotification(raw): NotificationResult {
      const fields = verified(raw)
      if (fields.trade_status !== 'TRADE_SUCCESS' && fields.trade_status !== 'TRADE_FINISHED')
        return { kind: 'ignored' }
      const trade = {
        tradeNo: fields.out_trade_no ?? '',
        transactionId: fields.trade_no ?? '',
        fen: yuanToFen(fields.total_amount ?? NaN),
      }
      return { kind: 'paid', trade }
    },
  }

  const wxpay: WechatPayGateway = {
    ...common,
    needsPayer: false,
    native: async (trade) => sandboxPageUrl(trade.origin, 'wxpay', 'qr', trade.tradeNo),
    h5: async (trade) => sandboxPageUrl(trade.origin, 'wxpay', 'wap', trade.tradeNo),
    // What getBrandWCPayRequest / wx.requestPayment take; the prepay id names the order for /__dev/pay.
    async jsapi(trade): Promise<JsapiParams> {
      const params = {
        appId: 'wx-sandbox-app',
        timeStamp: String(Math.floor(now().getTime() / 1000)),
        nonceStr: crypto.randomBytes(16).toString('hex'),
        package: `prepay_id=sandbox_${trade.tradeNo}`,
        signType: 'HMAC-SHA256' as const,
      }
      return { ...params, paySign: signFields(params, secret).toUpperCase() }
    },
    verifyNotification(raw): NotificationResult {
      const fields = verified(raw)
      if (fields.result_code !== 'SUCCESS') return { kind: 'ignored' }
      const trade = {
        tradeNo: fields.out_trade_no ?? '',
        transactionId: fields.transaction_id ?? '',
        fen: Number(fields.total_fee),
      }
      return { kind: 'paid', trade }
    },
  }

  /** The signed notification the sandbox page sends when 确认支付 is pressed: a new payment each time. */
  function notification(provider: SandboxProvider, order: { tradeNo: string; payAmount: string }) {
    const tradeNo = `SANDBOX${Date.now()}${crypto.randomInt(0, 1_000_000)}`
    const fields: Record<string, string> =
      provider === 'alipay'
        ? {
            out_trade_no: order.tradeNo,
            trade_no: tradeNo,
            total_amount: order.payAmount,
            trade_status: 'TRADE_SUCCESS',
          }
        : {
            out_trade_no: order.tradeNo,
            transaction_id: tradeNo,
            total_fee: String(yuanToFen(order.payAmount)),
            result_code: 'SUCCESS',
          }
    return { ...fields, sign: signFields(fields, secret) }
  }

  return { alipay, wxpay, notification, refundsOf }
}

export type SandboxPayments = ReturnType<typeof createSandboxPayments>
