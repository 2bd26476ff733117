// Online payment (doc2 §2 Payment page, §7 "Card payment provider" / "WeChat-type"). In development
// the providers are sandboxed: every pay URL points at this server's /__dev/pay page, and paying
// there sends a signed (HMAC-SHA256) notification. In production WeChat Pay and Alipay are the real
// providers of server/providers/payment/, configured by WECHATPAY_* / ALIPAY_*; one that is not
// configured answers 在线支付暂未开通. Either way an order becomes paid only through one paid path
// (applyPaid): a verified notification, or the provider's answer to a query when the payment page's
// status poll finds no notification; idempotence (one payment row per order), the amount, the
// deadline; then the order is paid and fulfilled in one transaction.
import crypto from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { DEV_PAY_NOTIFY_SECRET } from '../config'
import type { AppContext } from '../context'
import { orders, paymentAttempts, payments } from '../db/schema'
import { CODE } from '../http/envelope'
import { ApiFailure, forbidden, invalid } from '../http/failure'
import { createAlipay, type AlipayGateway } from '../providers/payment/alipay'
import {
  ProviderError,
  yuanToFen,
  type PaidTrade,
  type RawNotification,
  type TradeOrder,
  type TradeState,
} from '../providers/payment/gateway'
import { createWechatPay, type WechatPayGateway } from '../providers/payment/wechatpay'
import { ORDER_STATUS } from '../../src/core/contract/orders'
import { CHECKOUT_MESSAGES, ORDER_MISSING, type CheckoutService } from './checkout'
import type { Fulfilment, OrderRow } from './fulfilment'
import type { Viewer } from './sessions'
import { openPayer, payerAuthorizeUrl, sealPayer } from './wechat-payer'
import type { WechatIdentityService } from './wechat-identity'
import { countPaymentNotification } from './counters'

export type Provider = 'alipay' | 'wxpay'
/** Where the sandbox page was opened from: a desktop QR, or a phone's wap / MWEB redirect. */
export type PayChannel = 'qr' | 'wap'
export type WxTradeType = 'NATIVE' | 'MWEB' | 'JSAPI'

export const PAYMENT_MESSAGES = {
  badSign: '签名校验失败',
  amountMismatch: '支付金额与订单金额不一致',
  notConfigured: '支付通知未配置',
  offline: '在线支付暂未开通，请使用线下转账',
  providerDown: '支付服务暂时不可用，请稍后重试',
} as const

/** The status poll asks a provider about one order at most this often (all instances together). */
export const PROVIDER_QUERY_SPACING_MS = 5_000

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
export const toFen = yuanToFen

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

/** What a precreate call knows of the browser besides the order (phone returns, H5 payer address, JSAPI payer). */
export interface PayClient {
  origin: string
  ip: string
  /** JSAPI in the mini-program: a fresh wx.login code (jscode2session gives the payer's openid). */
  miniCode?: string
  /** JSAPI in WeChat's browser: the sealed payer token from the snsapi_base authorisation. */
  payer?: string
}

interface Gateways {
  alipay: AlipayGateway | null
  wxpay: WechatPayGateway | null
}

/** The configured providers (production); none in development, where the sandbox plays them. */
function createGateways({ config, now }: AppContext): Gateways {
  const settings = config.paymentProviders
  const origin = config.publicOrigin
  if (!config.production || !settings || !origin) return { alipay: null, wxpay: null }
  return {
    alipay: settings.alipay
      ? createAlipay(settings.alipay, { notifyUrl: `${origin}/api/alipay/notify` })
      : null,
    wxpay: settings.wechatPay
      ? createWechatPay(settings.wechatPay, { notifyUrl: `${origin}/api/wxpay/notify`, now })
      : null,
  }
}

export function createPaymentService(
  ctx: AppContext,
  {
    checkout,
    fulfilment,
    wechatIdentity,
  }: { checkout: CheckoutService; fulfilment: Fulfilment; wechatIdentity?: WechatIdentityService },
) {
  const { db, now, config, log } = ctx
  const secret = config.payNotifySecret
  const gateways = createGateways(ctx)
  const wechatPaySettings = config.paymentProviders?.wechatPay ?? null

  /** Outside the sandbox an order is paid only through a configured provider. */
  async function payable(viewer: Viewer, orderCode: string, provider: Provider) {
    if (config.production && !gateways[provider]) throw invalid(PAYMENT_MESSAGES.offline)
    return checkout.payableOrder(viewer, orderCode)
  }

  function tradeOf(order: OrderRow): TradeOrder {
    return {
      orderCode: order.orderCode,
      fen: toFen(order.payAmount),
      description: `${order.productName} ${order.productVersion}`.trim(),
      expiresAt: order.payDeadline,
    }
  }

  /** Remembers that `provider` was offered the order (before asking it: its answer may be lost). */
  async function recordAttempt(order: OrderRow, provider: Provider) {
    await db
      .insert(paymentAttempts)
      .values({ orderId: order.id, orderCode: order.orderCode, provider, startedAt: now() })
      .onConflictDoNothing()
  }

  /** A provider's refusal or silence, logged by its reason (never keys or signed texts) and answered plainly. */
  async function ask<T>(call: () => Promise<T> | T): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn({ provider: error.provider, reason: error.reason }, 'payment provider refused or failed')
      throw new ApiFailure(CODE.internal, PAYMENT_MESSAGES.providerDown)
    }
  }

  /** Where a phone comes back after the provider's page: the payment page, which checks the result. */
  const returnUrl = (origin: string, orderCode: string) =>
    `${config.publicOrigin ?? origin}/orderByPlay?orderCode=${encodeURIComponent(orderCode)}`

  /** POST /api/alipay/tradePrecreate: the QR text (desktop). */
  async function alipayPrecreate(viewer: Viewer, orderCode: string, origin: string) {
    const order = await payable(viewer, orderCode, 'alipay')
    const gateway = gateways.alipay
    if (!gateway)
      return { out_trade_no: order.orderCode, qr_code: sandboxUrl(origin, 'alipay', 'qr', order.orderCode) }
    await recordAttempt(order, 'alipay')
    return { out_trade_no: order.orderCode, qr_code: await ask(() => gateway.precreate(tradeOf(order))) }
  }

  /** POST /api/alipay/tradeWapPay: the page a phone browser is sent to. */
  async function alipayWapPay(viewer: Viewer, orderCode: string, origin: string) {
    const order = await payable(viewer, orderCode, 'alipay')
    const gateway = gateways.alipay
    if (!gateway)
      return { out_trade_no: order.orderCode, url: sandboxUrl(origin, 'alipay', 'wap', order.orderCode) }
    await recordAttempt(order, 'alipay')
    const back = returnUrl(origin, order.orderCode)
    return {
      out_trade_no: order.orderCode,
      url: await ask(() => gateway.wapPayUrl(tradeOf(order), back, back)),
    }
  }

  /**
   * POST /api/wxpay/tradePrecreate: NATIVE code_url, MWEB mweb_url (the v3 h5_url), or the JSAPI
   * parameters. JSAPI in WeChat's browser without a payer token answers `authorize_url` instead: the
   * silent snsapi_base authorisation that comes back to the payment page with one (wechat-payer.ts).
   */
  async function wxpayPrecreate(
    viewer: Viewer,
    orderCode: string,
    tradeType: WxTradeType,
    client: PayClient,
  ) {
    const order = await payable(viewer, orderCode, 'wxpay')
    const gateway = gateways.wxpay
    if (!gateway) return sandboxWxpay(order, tradeType, client.origin)
    const trade = tradeOf(order)
    if (tradeType === 'NATIVE') {
      await recordAttempt(order, 'wxpay')
      return { code_url: await ask(() => gateway.native(trade)) }
    }
    if (tradeType === 'MWEB') {
      await recordAttempt(order, 'wxpay')
      return {
        mweb_url: await ask(() => gateway.h5(trade, client.ip, returnUrl(client.origin, order.orderCode))),
      }
    }
    if (client.miniCode) {
      if (!wechatIdentity || !wechatPaySettings?.miniAppId) throw invalid(PAYMENT_MESSAGES.offline)
      const openid = await wechatIdentity.ofMiniProgramCode(client.miniCode)
      await recordAttempt(order, 'wxpay')
      return ask(() => gateway.jsapi(trade, { openid, app: 'mini' }))
    }
    // The official account's own OAuth (WECHAT_OAUTH_*) must be the app WeChat Pay charges for.
    const settings = wechatPaySettings!
    if (config.wechatOauth?.appId !== settings.appId || !config.publicOrigin)
      throw invalid(PAYMENT_MESSAGES.offline)
    const openid = openPayer(client.payer, settings.apiV3Key, now())
    if (!openid)
      return { authorize_url: payerAuthorizeUrl(settings.appId, config.publicOrigin, order.orderCode) }
    await recordAttempt(order, 'wxpay')
    return ask(() => gateway.jsapi(trade, { openid, app: 'web' }))
  }

  function sandboxUrl(origin: string, provider: Provider, channel: PayChannel, orderCode: string) {
    const query = new URLSearchParams({ provider, channel, out_trade_no: orderCode })
    return `${origin}/__dev/pay?${query}`
  }

  function sandboxWxpay(order: OrderRow, tradeType: WxTradeType, origin: string) {
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
    return counted(provider, async () => {
      if (!secret) throw forbidden(PAYMENT_MESSAGES.notConfigured)
      if (!validSignature(fields, secret)) throw invalid(PAYMENT_MESSAGES.badSign)
      const notice = readNotice(provider, fields)
      if (!notice.success) return 'ignored'
      return applyPaid(provider, notice)
    })
  }

  /** Counts each notification's outcome for /metrics; a refusal (signature, amount, order) as 'refused'. */
  async function counted(provider: Provider, handle: () => Promise<NotifyOutcome>): Promise<NotifyOutcome> {
    try {
      const outcome = await handle()
      countPaymentNotification(provider, outcome)
      return outcome
    } catch (error) {
      countPaymentNotification(provider, 'refused')
      throw error
    }
  }

  /** Whether a real provider (not the sandbox) receives `provider`'s notifications. */
  const realProvider = (provider: Provider) => gateways[provider] !== null

  /**
   * A real provider's notification, exactly as it arrived. A NotificationRefused (signature,
   * timestamp, merchant) or an ApiFailure (amount, order) is thrown for the route to answer.
   */
  async function providerNotify(provider: Provider, raw: RawNotification): Promise<NotifyOutcome> {
    return counted(provider, async () => {
      const result =
        provider === 'wxpay'
          ? gateways.wxpay!.verifyNotification(raw)
          : gateways.alipay!.verifyNotification(Object.fromEntries(new URLSearchParams(raw.body)))
      if (result.kind === 'ignored') return 'ignored'
      return applyPaid(provider, result.trade)
    })
  }

  /** The one paid path: a payment the provider vouched for (notification or query answer). */
  async function applyPaid(provider: Provider, notice: PaidTrade): Promise<NotifyOutcome> {
    if (!notice.orderCode || !notice.tradeNo) throw invalid(CHECKOUT_MESSAGES.badParams)

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

  /**
   * Asks each provider the order was offered to whether it was paid, at most once per order every
   * PROVIDER_QUERY_SPACING_MS across instances (the claim is one UPDATE); a payment found goes
   * through the paid path. Failures are logged and leave the order as it is (the poll asks again).
   */
  async function recoverPayment(orderCode: string): Promise<void> {
    const at = now()
    const due = new Date(at.getTime() - PROVIDER_QUERY_SPACING_MS)
    const claimed = await db
      .update(paymentAttempts)
      .set({ queriedAt: at })
      .where(
        and(
          eq(paymentAttempts.orderCode, orderCode),
          isNull(paymentAttempts.closedAt),
          or(isNull(paymentAttempts.queriedAt), lt(paymentAttempts.queriedAt, due)),
        ),
      )
      .returning({ provider: paymentAttempts.provider })
    for (const { provider } of claimed) {
      const gateway = gateways[provider as Provider]
      if (!gateway) continue
      let answer: TradeState
      try {
        answer = await gateway.query(orderCode)
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        log.warn({ provider, reason: error.reason }, 'payment query failed')
        continue
      }
      if (answer.state !== 'paid') continue
      try {
        await applyPaid(provider as Provider, answer.trade)
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error
        log.warn({ provider, orderCode, refusal: error.message }, 'a queried payment was refused')
      }
    }
  }

  /** GET /api/pc/getOrderStatus: true once paid; while unpaid, a lost notification is looked for. */
  async function paymentStatus(viewer: Viewer, orderCode: string): Promise<boolean> {
    if (await checkout.isPaid(viewer, orderCode)) return true
    if (!config.production) return false
    await recoverPayment(orderCode)
    return checkout.isPaid(viewer, orderCode)
  }

  /** Closes at the providers every voided (or expired) order they were offered; returns how many. */
  async function closeAbandoned(): Promise<number> {
    if (!gateways.alipay && !gateways.wxpay) return 0
    const open = await db
      .select({
        orderId: paymentAttempts.orderId,
        orderCode: paymentAttempts.orderCode,
        provider: paymentAttempts.provider,
      })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(and(isNull(paymentAttempts.closedAt), eq(orders.status, ORDER_STATUS.voided)))
    let closed = 0
    for (const attempt of open) {
      const gateway = gateways[attempt.provider as Provider]
      if (!gateway) continue
      try {
        await gateway.close(attempt.orderCode)
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        log.warn({ provider: attempt.provider, reason: error.reason }, 'closing a trade failed')
        continue
      }
      await db
        .update(paymentAttempts)
        .set({ closedAt: now() })
        .where(
          and(eq(paymentAttempts.orderId, attempt.orderId), eq(paymentAttempts.provider, attempt.provider)),
        )
      closed += 1
    }
    return closed
  }

  /** The sealed payer token of a snsapi_base code (PAYER_CALLBACK_PATH), for the next JSAPI precreate. */
  async function payerToken(code: string): Promise<string> {
    if (!wechatIdentity || !wechatPaySettings) throw invalid(PAYMENT_MESSAGES.offline)
    const openid = await wechatIdentity.ofOauthCode(code)
    return sealPayer(openid, wechatPaySettings.apiV3Key, now())
  }

  return {
    alipayPrecreate,
    payerToken,
    alipayWapPay,
    wxpayPrecreate,
    notify,
    realProvider,
    providerNotify,
    paymentStatus,
    closeAbandoned,
    sandboxOrder,
    sign,
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
