// Online payment (doc2 §2 Payment page, §7 "Card payment provider" / "WeChat-type"). The providers
// are sandboxed: every pay URL points at this server's /__dev/pay page, and paying there sends the
// same signed asynchronous notification a provider would. The notification is the only way an
// order becomes paid: signature (HMAC-SHA256, constant-time compare), idempotence (one payment
// row per order), the amount, the deadline; then the order is paid and fulfilled in one transaction.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { DEV_PAY_NOTIFY_SECRET } from '../config'
import type { AppContext } from '../context'
import { orders, payments } from '../db/schema'
import { ApiFailure, forbidden, invalid } from '../http/failure'
import { ORDER_STATUS } from '../../src/core/contract/orders'
import { CHECKOUT_MESSAGES, ORDER_MISSING, type CheckoutService } from './checkout'
import type { Fulfilment, OrderRow } from './fulfilment'
import type { Viewer } from './sessions'

export type Provider = 'alipay' | 'wxpay'
/** Where the sandbox page was opened from: a desktop QR, or a phone's wap / MWEB redirect. */
export type PayChannel = 'qr' | 'wap'
export type WxTradeType = 'NATIVE' | 'MWEB' | 'JSAPI'

export const PAYMENT_MESSAGES = {
  badSign: '签名校验失败',
  amountMismatch: '支付金额与订单金额不一致',
  notConfigured: '支付通知未配置',
  offline: '在线支付暂未开通，请使用线下转账',
} as const

/** The signed text: every field but `sign`, non-empty, sorted by name, as k=v joined by &. */
export function canonicalFields(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && fields[key] !== '' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&')
}

export function signFields(fields: Record<string, string>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(canonicalFields(fields)).digest('hex')
}

export function validSignature(fields: Record<string, string>, secret: string): boolean {
  const expected = Buffer.from(signFields(fields, secret), 'hex')
  const given = Buffer.from(typeof fields.sign === 'string' ? fields.sign : '', 'hex')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** Yuan text ("1980.00") to whole fen, so amounts compare exactly. */
export const toFen = (yuan: string | number) => Math.round(Number(yuan) * 100)

/** What both providers' notifications say, in one shape. */
interface Notice {
  orderCode: string
  tradeNo: string
  fen: number
  success: boolean
}

function readNotice(provider: Provider, fields: Record<string, string>): Notice {
  if (provider === 'alipay') {
    return {
      orderCode: fields.out_trade_no ?? '',
      tradeNo: fields.trade_no ?? '',
      fen: toFen(fields.total_amount ?? NaN),
      success: fields.trade_status === 'TRADE_SUCCESS' || fields.trade_status === 'TRADE_FINISHED',
    }
  }
  return {
    orderCode: fields.out_trade_no ?? '',
    tradeNo: fields.transaction_id ?? '',
    fen: Number(fields.total_fee),
    success: fields.result_code === 'SUCCESS',
  }
}

/** The sandbox's notification for an order, as a provider would send it (unsigned). */
export function notificationFor(
  provider: Provider,
  order: Pick<OrderRow, 'orderCode' | 'payAmount'>,
): Record<string, string> {
  const tradeNo = `SANDBOX${Date.now()}${crypto.randomInt(0, 1_000_000)}`
  return provider === 'alipay'
    ? {
        out_trade_no: order.orderCode,
        trade_no: tradeNo,
        total_amount: order.payAmount,
        trade_status: 'TRADE_SUCCESS',
      }
    : {
        out_trade_no: order.orderCode,
        transaction_id: tradeNo,
        total_fee: String(toFen(order.payAmount)),
        result_code: 'SUCCESS',
      }
}

export type NotifyOutcome = 'paid' | 'alreadyPaid' | 'ignored'

export function createPaymentService(
  { db, now, config }: AppContext,
  { checkout, fulfilment }: { checkout: CheckoutService; fulfilment: Fulfilment },
) {
  const secret = config.payNotifySecret

  function sandboxUrl(origin: string, provider: Provider, channel: PayChannel, orderCode: string) {
    const query = new URLSearchParams({ provider, channel, out_trade_no: orderCode })
    return `${origin}/__dev/pay?${query}`
  }

  /** Without a sandbox (production) there is no provider to pay through. */
  async function payable(viewer: Viewer, orderCode: string) {
    if (config.production) throw invalid(PAYMENT_MESSAGES.offline)
    return checkout.payableOrder(viewer, orderCode)
  }

  /** POST /api/alipay/tradePrecreate: the QR text (desktop). */
  async function alipayPrecreate(viewer: Viewer, orderCode: string, origin: string) {
    const order = await payable(viewer, orderCode)
    return { out_trade_no: order.orderCode, qr_code: sandboxUrl(origin, 'alipay', 'qr', order.orderCode) }
  }

  /** POST /api/alipay/tradeWapPay: the page a phone browser is sent to. */
  async function alipayWapPay(viewer: Viewer, orderCode: string, origin: string) {
    const order = await payable(viewer, orderCode)
    return { out_trade_no: order.orderCode, url: sandboxUrl(origin, 'alipay', 'wap', order.orderCode) }
  }

  /** POST /api/wxpay/tradePrecreate: NATIVE code_url, MWEB mweb_url, or the JSAPI parameters. */
  async function wxpayPrecreate(viewer: Viewer, orderCode: string, tradeType: WxTradeType, origin: string) {
    const order = await payable(viewer, orderCode)
    if (tradeType === 'NATIVE') return { code_url: sandboxUrl(origin, 'wxpay', 'qr', order.orderCode) }
    if (tradeType === 'MWEB') return { mweb_url: sandboxUrl(origin, 'wxpay', 'wap', order.orderCode) }
    // JSAPI: what WeixinJSBridge getBrandWCPayRequest / wx.requestPayment take. The sandbox has no
    // WeChat client to pay with them; the prepay id names the order for /__dev/pay.
    const params = {
      appId: 'wx-sandbox-app',
      timeStamp: String(Math.floor(now().getTime() / 1000)),
      nonceStr: crypto.randomBytes(16).toString('hex'),
      package: `prepay_id=sandbox_${order.orderCode}`,
      signType: 'HMAC-SHA256',
    }
    return { ...params, paySign: signFields(params, secret ?? DEV_PAY_NOTIFY_SECRET).toUpperCase() }
  }

  /**
   * A provider's asynchronous notification (POST /api/alipay/notify, /api/wxpay/notify). Refusals
   * throw; a repeated notification of a paid order answers 'alreadyPaid' and changes nothing.
   */
  async function notify(provider: Provider, fields: Record<string, string>): Promise<NotifyOutcome> {
    if (!secret) throw forbidden(PAYMENT_MESSAGES.notConfigured)
    if (!validSignature(fields, secret)) throw invalid(PAYMENT_MESSAGES.badSign)
    const notice = readNotice(provider, fields)
    if (!notice.orderCode || !notice.tradeNo) throw invalid(CHECKOUT_MESSAGES.badParams)
    if (!notice.success) return 'ignored'

    // The transaction returns a refusal instead of throwing it, so voiding an expired order commits.
    const result = await db.transaction(async (tx): Promise<NotifyOutcome | ApiFailure> => {
      const [locked] = await tx
        .select()
        .from(orders)
        .where(eq(orders.orderCode, notice.orderCode))
        .for('update')
      if (!locked) return new ApiFailure(ORDER_MISSING, CHECKOUT_MESSAGES.missing)
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.orderId, locked.id))
      if (paid) return 'alreadyPaid'
      const order = await checkout.voidIfExpired(locked, tx)
      if (order.status === ORDER_STATUS.voided) return invalid(CHECKOUT_MESSAGES.expired)
      if (order.status !== ORDER_STATUS.unpaid) return invalid(CHECKOUT_MESSAGES.notPayable)
      if (notice.fen !== toFen(order.payAmount)) return invalid(PAYMENT_MESSAGES.amountMismatch)

      const at = now()
      await tx.insert(payments).values({
        orderId: order.id,
        orderCode: order.orderCode,
        provider,
        tradeNo: notice.tradeNo,
        amount: order.payAmount,
        subAccountId: order.subAccountId,
        paidAt: at,
        notifiedAt: at,
      })
      const [updated] = await tx
        .update(orders)
        .set({ status: ORDER_STATUS.paid, payTime: at })
        .where(eq(orders.id, order.id))
        .returning()
      await fulfilment.fulfilOrder(tx, updated!)
      return 'paid'
    })
    if (result instanceof ApiFailure) throw result
    return result
  }

  /** The sandbox page's view of an order (development only: no session there). */
  async function sandboxOrder(orderCode: string) {
    const [order] = await db.select().from(orders).where(eq(orders.orderCode, orderCode)).limit(1)
    return order ? checkout.voidIfExpired(order) : null
  }

  /** Signs a notification with the notification secret (the sandbox plays the provider). */
  function sign(fields: Record<string, string>): Record<string, string> {
    return { ...fields, sign: signFields(fields, secret ?? DEV_PAY_NOTIFY_SECRET) }
  }

  return { alipayPrecreate, alipayWapPay, wxpayPrecreate, notify, sandboxOrder, sign }
}

export type PaymentService = ReturnType<typeof createPaymentService>
