// Online payment (doc2 §2 Payment page, §7 "Card payment provider" / "WeChat-type"). Each provider
// is a gateway (server/providers/payment/): in development the sandbox plays both (its pay addresses
// lead to /__dev/pay, which sends a signed notification); in production WeChat Pay and Alipay are the
// real ones, configured by WECHATPAY_* / ALIPAY_*, and one that is not configured answers
// 在线支付暂未开通. Either way an order becomes paid only through one paid path (applyPaid): a
// verified notification, or the provider's answer to a query when the payment page's status poll
// finds no notification; idempotence (one payment row per order), the amount, the deadline; then the
// order is paid and fulfilled in one transaction.
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { DEV_PAY_NOTIFY_SECRET } from '../../config'
import type { AppContext } from '../../context'
import { orders, paymentAttempts, payments } from '../../db/schema'
import { Refusal, forbidden, invalid, unavailable } from '../shared/errors'
import { createAlipay } from '../../providers/payment/alipay'
import {
  ProviderError,
  yuanToFen,
  type AlipayGateway,
  type PaidTrade,
  type RawNotification,
  type TradeOrder,
  type TradeState,
  type WechatPayGateway,
} from '../../providers/payment/gateway'
import {
  createSandboxPayments,
  SANDBOX_BAD_SIGN,
  type SandboxPayments,
} from '../../providers/payment/sandbox'
import { createWechatPay } from '../../providers/payment/wechatpay'
import { FROM_PROVIDER_PARAM } from '../../../src/core/contract/checkout'
import { ORDER_STATUS } from '../../../src/core/contract/orders'
import { CHECKOUT_MESSAGES, ORDER_MISSING, type CheckoutService } from '../checkout/checkout'
import type { Fulfilment, OrderRow } from '../checkout/fulfilment'
import type { Viewer } from '../auth/sessions'
import { openPayer, payerAuthorizeUrl, sealPayer } from './wechat-payer'
import type { WechatIdentityService } from '../wechat/wechat-identity'
import { countPaymentNotification } from '../shared/counters'

export type Provider = 'alipay' | 'wxpay'
export type WxTradeType = 'NATIVE' | 'MWEB' | 'JSAPI'

export const PAYMENT_MESSAGES = {
  badSign: SANDBOX_BAD_SIGN,
  amountMismatch: '支付金额与订单金额不一致',
  notConfigured: '支付通知未配置',
  offline: '在线支付暂未开通，请使用线下转账',
  providerDown: '支付服务暂时不可用，请稍后重试',
} as const

/** The status poll asks a provider about one order at most this often (all instances together). */
export const PROVIDER_QUERY_SPACING_MS = 5_000

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
  /** Development only: the sandbox's own notifications, for its /__dev/pay page. */
  sandbox: SandboxPayments | null
}

/** Development: the sandbox for both. Production: each configured provider, or none. */
function createGateways({ config, now }: AppContext): Gateways {
  if (!config.production) {
    const sandbox = createSandboxPayments({ secret: config.payNotifySecret ?? DEV_PAY_NOTIFY_SECRET, now })
    return { alipay: sandbox.alipay, wxpay: sandbox.wxpay, sandbox }
  }
  const settings = config.paymentProviders
  const origin = config.publicOrigin
  if (!settings || !origin) return { alipay: null, wxpay: null, sandbox: null }
  return {
    alipay: settings.alipay
      ? createAlipay(settings.alipay, { notifyUrl: `${origin}/api/alipay/notify` })
      : null,
    wxpay: settings.wechatPay
      ? createWechatPay(settings.wechatPay, { notifyUrl: `${origin}/api/wxpay/notify`, now })
      : null,
    sandbox: null,
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
  const gateways = createGateways(ctx)
  const wechatPaySettings = config.paymentProviders?.wechatPay ?? null

  /** An order is paid online only through a provider's gateway (the sandbox in development). */
  async function payable<G>(viewer: Viewer, orderCode: string, gateway: G | null) {
    if (!gateway) throw invalid(PAYMENT_MESSAGES.offline)
    return { order: await checkout.payableOrder(viewer, orderCode), gateway }
  }

  function tradeOf(order: OrderRow, origin: string): TradeOrder {
    return {
      orderCode: order.orderCode,
      origin,
      fen: yuanToFen(order.payAmount),
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

  /**
   * Records the attempt, then asks the provider; a refusal or silence is logged by its reason (never
   * keys or signed texts) and answered plainly.
   */
  async function ask<T>(order: OrderRow, provider: Provider, call: () => Promise<T> | T): Promise<T> {
    await recordAttempt(order, provider)
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn({ provider: error.provider, reason: error.reason }, 'payment provider refused or failed')
      throw unavailable(PAYMENT_MESSAGES.providerDown)
    }
  }

  /** Where a phone comes back after the provider's page: the payment page, which watches the result. */
  const returnUrl = (origin: string, orderCode: string) =>
    `${config.publicOrigin ?? origin}/orderByPlay?${new URLSearchParams({ orderCode, [FROM_PROVIDER_PARAM]: '1' })}`

  /** POST /api/alipay/tradePrecreate: the QR text (desktop). */
  async function alipayPrecreate(viewer: Viewer, orderCode: string, origin: string) {
    const { order, gateway } = await payable(viewer, orderCode, gateways.alipay)
    const qrCode = await ask(order, 'alipay', () => gateway.precreate(tradeOf(order, origin)))
    return { out_trade_no: order.orderCode, qr_code: qrCode }
  }

  /** POST /api/alipay/tradeWapPay: the page a phone browser is sent to. */
  async function alipayWapPay(viewer: Viewer, orderCode: string, origin: string) {
    const { order, gateway } = await payable(viewer, orderCode, gateways.alipay)
    const back = returnUrl(origin, order.orderCode)
    const url = await ask(order, 'alipay', () => gateway.wapPayUrl(tradeOf(order, origin), back, back))
    return { out_trade_no: order.orderCode, url }
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
    const { order, gateway } = await payable(viewer, orderCode, gateways.wxpay)
    const trade = tradeOf(order, client.origin)
    if (tradeType === 'NATIVE') return { code_url: await ask(order, 'wxpay', () => gateway.native(trade)) }
    if (tradeType === 'MWEB') {
      const back = returnUrl(client.origin, order.orderCode)
      return { mweb_url: await ask(order, 'wxpay', () => gateway.h5(trade, client.ip, back)) }
    }
    if (!gateway.needsPayer) return ask(order, 'wxpay', () => gateway.jsapi(trade, null))
    if (client.miniCode) {
      if (!wechatIdentity || !wechatPaySettings?.miniAppId) throw invalid(PAYMENT_MESSAGES.offline)
      const openid = await wechatIdentity.ofMiniProgramCode(client.miniCode)
      return ask(order, 'wxpay', () => gateway.jsapi(trade, { openid, app: 'mini' }))
    }
    // The official account's own OAuth (WECHAT_OAUTH_*) must be the app WeChat Pay charges for.
    const settings = wechatPaySettings!
    if (config.wechatOauth?.appId !== settings.appId || !config.publicOrigin)
      throw invalid(PAYMENT_MESSAGES.offline)
    const openid = openPayer(client.payer, settings.apiV3Key, now())
    if (!openid)
      return { authorize_url: payerAuthorizeUrl(settings.appId, config.publicOrigin, order.orderCode) }
    return ask(order, 'wxpay', () => gateway.jsapi(trade, { openid, app: 'web' }))
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

  /**
   * How `provider`'s notifications are answered: 'provider' as the real one expects (WeChat Pay 204,
   * Alipay `success`), 'envelope' for the sandbox and for a provider that is not configured.
   */
  const notificationAnswers = (provider: Provider): 'provider' | 'envelope' =>
    gateways[provider] && !gateways[provider].sandbox ? 'provider' : 'envelope'

  /**
   * A provider's notification (POST /api/alipay/notify, /api/wxpay/notify), exactly as it arrived. A
   * NotificationRefused (signature, timestamp, merchant) or an Refusal (amount, order, no
   * provider) is thrown for the route to answer; a repeated notification of a paid order answers
   * 'alreadyPaid' and changes nothing.
   */
  async function receiveNotification(provider: Provider, raw: RawNotification): Promise<NotifyOutcome> {
    return counted(provider, async () => {
      const gateway = gateways[provider]
      if (!gateway) throw forbidden(PAYMENT_MESSAGES.notConfigured)
      const result = gateway.verifyNotification(raw)
      if (result.kind === 'ignored') return 'ignored'
      return applyPaid(provider, result.trade)
    })
  }

  /** The one paid path: a payment the provider vouched for (notification or query answer). */
  async function applyPaid(provider: Provider, notice: PaidTrade): Promise<NotifyOutcome> {
    if (!notice.orderCode || !notice.tradeNo) throw invalid(CHECKOUT_MESSAGES.badParams)

    // The transaction returns a refusal instead of throwing it, so voiding an expired order commits.
    const result = await db.transaction(async (tx): Promise<NotifyOutcome | Refusal> => {
      const [locked] = await tx
        .select()
        .from(orders)
        .where(eq(orders.orderCode, notice.orderCode))
        .for('update')
      if (!locked) return new Refusal(ORDER_MISSING, CHECKOUT_MESSAGES.missing)
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.orderId, locked.id))
      if (paid) return 'alreadyPaid'
      const order = await checkout.voidIfExpired(locked, tx)
      if (order.status === ORDER_STATUS.voided) return invalid(CHECKOUT_MESSAGES.expired)
      if (order.status !== ORDER_STATUS.unpaid) return invalid(CHECKOUT_MESSAGES.notPayable)
      if (notice.fen !== yuanToFen(order.payAmount)) return invalid(PAYMENT_MESSAGES.amountMismatch)

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
    if (result instanceof Refusal) throw result
    return result
  }

  /** The sandbox page's view of an order (development only: no session there). */
  async function sandboxOrder(orderCode: string) {
    const [order] = await db.select().from(orders).where(eq(orders.orderCode, orderCode)).limit(1)
    return order ? checkout.voidIfExpired(order) : null
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
        if (!(error instanceof Refusal)) throw error
        log.warn({ provider, orderCode, refusal: error.message }, 'a queried payment was refused')
      }
    }
  }

  /** GET /api/pc/getOrderStatus: true once paid; while unpaid, a lost notification is looked for. */
  async function paymentStatus(viewer: Viewer, orderCode: string): Promise<boolean> {
    if (await checkout.isPaid(viewer, orderCode)) return true
    await recoverPayment(orderCode)
    return checkout.isPaid(viewer, orderCode)
  }

  /** Closes at the providers every voided (or expired) order they were offered; returns how many. */
  async function closeAbandoned(): Promise<number> {
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
    notificationAnswers,
    receiveNotification,
    /** Whether WeChat's browser is sent through the snsapi_base payer authorisation before JSAPI. */
    identifiesPayers: () => gateways.wxpay?.needsPayer ?? false,
    paymentStatus,
    closeAbandoned,
    sandboxOrder,
    /** Development only: the signed notification the sandbox page sends. */
    sandboxNotification: gateways.sandbox?.notification ?? null,
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
