// Online payment (doc2 §2 Payment page, §7 "Card payment provider" / "WeChat-type"). Each provider
// is a gateway (server/providers/payment/): in development the sandbox plays both (its pay addresses
// lead to /__dev/pay, which sends a signed notification); in production WeChat Pay and Alipay are the
// real ones, configured by WECHATPAY_* / ALIPAY_*, and one that is not configured answers
// 在线支付暂未开通.
//
// No payment a provider confirms is dropped. Every way an order is offered is an attempt with its own
// out_trade_no (attempts.ts); every verified payment, by notification or by a query, goes through one
// paid path (applyPaid) and becomes a payment row: the first one that can still be honoured pays and
// fulfils the order (also after its deadline or a void: the provider was given the deadline, so it
// was paid in time), any other is due for refund and refunded by the refund job (refunds.ts).
import type { JsapiParams, PaymentProvider } from '../../../src/core/contract/payments'
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'
import { FROM_PROVIDER_PARAM } from '../../../src/core/contract/checkout'
import { ORDER_STATUS } from '../../../src/core/contract/orders'
import { canVoidOrder } from '../../../src/core/validation/billing'
import type { AppContext } from '../../context'
import { orderLines, orders, paymentAttempts, payments } from '../../db/schema'
import {
  fenToYuan,
  ProviderError,
  yuanToFen,
  type JsapiPayer,
  type PaidTrade,
  type RawNotification,
  type TradeOrder,
  type TradeState,
} from '../../providers/payment/gateway'
import type { PaymentGateways } from '../../providers/payment/index'
import { SANDBOX_BAD_SIGN } from '../../providers/payment/sandbox'
import { CHECKOUT_MESSAGES, ORDER_MISSING, type CheckoutService } from '../checkout/checkout'
import type { Executor, Fulfilment } from '../checkout/fulfilment'
import type { OrderRow } from '../orders/order-lines'
import type { Viewer } from '../shared/viewer'
import type { OrderService } from '../orders/orders'
import { ORDER_MESSAGES } from '../orders/orders'
import { countPaymentNotification, paymentMetrics } from '../shared/counters'
import { Refusal, forbidden, invalid, unavailable } from '../shared/errors'
import type { WechatIdentityService } from '../wechat/wechat-identity'
import { createAttempts, providerOf, type AttemptRow, type PayChannel } from './attempts'
import { createReconciliation } from './reconcile'
import { createRefunds } from './refunds'
import type { Notifier } from '../notifications/notifier'
import { createPayerTickets } from './payer-tickets'
import { openPayer, payerAuthorizeUrl, sealPayer } from './wechat-payer'

export type WxTradeType = 'NATIVE' | 'MWEB' | 'JSAPI'

export const PAYMENT_MESSAGES = {
  badSign: SANDBOX_BAD_SIGN,
  amountMismatch: '支付金额与订单金额不一致',
  notConfigured: '支付通知未配置',
  offline: '在线支付暂未开通，请使用线下转账',
  providerDown: '支付服务暂时不可用，请稍后重试',
  /** A void whose close at the provider did not answer in time: nothing changed. */
  confirming: '订单支付状态确认中，请稍后再试',
} as const

/** Why a verified payment is refunded instead of kept (the refund's reason at the provider). */
export const REFUND_REASONS = {
  paidTwice: '订单已支付，重复付款退回',
  refunded: '订单已退款，付款退回',
  replaced: '订单已作废并已另行下单，付款退回',
  amount: '付款金额与订单金额不一致，付款退回',
  notPayable: '订单状态无法支付，付款退回',
} as const

/** The status poll asks a provider about one attempt at most this often (all instances together). */
export const PROVIDER_QUERY_SPACING_MS = 5_000
/** How long housekeeping's pass over open attempts may take (each provider call has its own limit). */
export const SWEEP_BUDGET_MS = 120_000

/** What a verified payment did: paid the order (in time, or late after its deadline or a void), was already known, or is refunded. */
export type PaidOutcome = 'paid' | 'late' | 'alreadyPaid' | 'refundDue'
export type NotifyOutcome = PaidOutcome | 'refund' | 'ignored'

/** What a precreate call knows of the browser besides the order (phone returns, H5 payer address, JSAPI payer). */
export interface PayClient {
  origin: string
  ip: string
  /** JSAPI in the mini-program: a fresh wx.login code (jscode2session gives the payer's openid). */
  miniCode?: string
  /** JSAPI in WeChat's browser: the sealed payer token from the snsapi_base authorisation. */
  payer?: string
}

export function createPaymentService(
  ctx: AppContext,
  {
    checkout,
    fulfilment,
    orders: orderService,
    notifier,
    wechatIdentity,
    gateways,
  }: {
    checkout: CheckoutService
    fulfilment: Fulfilment
    orders: OrderService
    notifier: Notifier
    wechatIdentity?: WechatIdentityService
    /** The providers it offers orders to (providers/index.ts). */
    gateways: PaymentGateways
  },
) {
  const { db, now, config, log } = ctx
  const attempts = createAttempts(ctx)
  const refunds = createRefunds(ctx, { gateways, notifier })
  const reconciliation = createReconciliation(ctx, gateways)
  const payerTickets = createPayerTickets(ctx)
  const wechatPaySettings = config.paymentProviders?.wechatPay ?? null
  /** Work a notification starts but does not wait for (closing other attempts, a refund); awaited on close. */
  const background = new Set<Promise<unknown>>()

  function inBackground(what: string, work: () => Promise<unknown>) {
    const running = work()
      .catch((error: unknown) => log.warn({ err: error }, `${what} failed`))
      .finally(() => background.delete(running))
    background.add(running)
  }

  function tradeOf(order: OrderRow, tradeNo: string, origin: string): TradeOrder {
    return {
      tradeNo,
      origin,
      fen: yuanToFen(order.payAmount),
      description: `${order.productName} ${order.productVersion}`.trim(),
      expiresAt: order.payDeadline,
    }
  }

  // ---- offering an order ----

  /**
   * Offers the order on one channel: the open attempt of the same way (its answer again while it
   * lives, or the provider asked again with the same number and parameters), or a new attempt;
   * any other open attempt is closed first, so one order is payable one way at a time. A close that
   * fails is retried by housekeeping (a second payment would be refunded): a provider that is down
   * must not keep the member from paying by the other.
   */
  async function offer(
    viewer: Viewer,
    orderCode: string,
    channel: PayChannel,
    ask: (trade: TradeOrder) => Promise<string>,
    { origin, payer = '' }: { origin: string; payer?: string },
  ): Promise<string> {
    if (!gateways[providerOf(channel)]) throw invalid(PAYMENT_MESSAGES.offline)
    const order = await checkout.payableOrder(viewer, orderCode)
    const attempt = await attempts.forChannel(order, channel, payer)
    for (const other of await attempts.openOf(order.id)) {
      if (other.id !== attempt.id && (await closeAttempt(other)) === 'paid')
        throw invalid(CHECKOUT_MESSAGES.paid)
    }
    const stored = attempts.reusableAnswer(attempt)
    if (stored) return stored
    let answer: string
    try {
      answer = await ask(tradeOf(order, attempt.tradeNo, origin))
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn({ provider: error.provider, reason: error.reason }, 'payment provider refused or failed')
      throw unavailable(PAYMENT_MESSAGES.providerDown)
    }
    await attempts.remember(attempt, answer)
    return answer
  }

  /** Where a phone comes back after the provider's page: the payment page, which watches the result. */
  const returnUrl = (origin: string, orderCode: string) =>
    `${config.publicOrigin ?? origin}/orderByPlay?${new URLSearchParams({ orderCode, [FROM_PROVIDER_PARAM]: '1' })}`

  /** POST /api/alipay/tradePrecreate: the QR text (desktop). */
  async function alipayPrecreate(viewer: Viewer, orderCode: string, origin: string) {
    const qrCode = await offer(viewer, orderCode, 'qr', (trade) => gateways.alipay!.precreate(trade), {
      origin,
    })
    return { out_trade_no: orderCode, qr_code: qrCode }
  }

  /** POST /api/alipay/tradeWapPay: the page a phone browser is sent to. */
  async function alipayWapPay(viewer: Viewer, orderCode: string, origin: string) {
    const back = returnUrl(origin, orderCode)
    const url = await offer(
      viewer,
      orderCode,
      'wap',
      async (trade) => gateways.alipay!.wapPayUrl(trade, back, back),
      {
        origin,
      },
    )
    return { out_trade_no: orderCode, url }
  }

  /** JSAPI: the mini-program's way (a wx.login code came) or WeChat's browser's, each its own attempt. */
  const jsapiOffer = (viewer: Viewer, orderCode: string, client: PayClient, payer: JsapiPayer | null) =>
    offer(
      viewer,
      orderCode,
      client.miniCode ? 'jsapi-mini' : 'jsapi-web',
      async (trade) => JSON.stringify(await gateways.wxpay!.jsapi(trade, payer)),
      { origin: client.origin, payer: payer?.openid ?? '' },
    ).then((answer) => JSON.parse(answer) as JsapiParams)

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
    const gateway = gateways.wxpay
    if (!gateway) throw invalid(PAYMENT_MESSAGES.offline)
    const origin = client.origin
    if (tradeType === 'NATIVE')
      return {
        code_url: await offer(viewer, orderCode, 'native', (trade) => gateway.native(trade), { origin }),
      }
    if (tradeType === 'MWEB') {
      const back = returnUrl(origin, orderCode)
      return {
        mweb_url: await offer(viewer, orderCode, 'h5', (trade) => gateway.h5(trade, client.ip, back), {
          origin,
        }),
      }
    }
    if (!gateway.needsPayer) return jsapiOffer(viewer, orderCode, client, null)
    if (client.miniCode) {
      if (!wechatIdentity || !wechatPaySettings?.miniAppId) throw invalid(PAYMENT_MESSAGES.offline)
      await checkout.payableOrder(viewer, orderCode)
      const openid = await wechatIdentity.ofMiniProgramCode(client.miniCode)
      return jsapiOffer(viewer, orderCode, client, { openid, app: 'mini' })
    }
    // The official account's own OAuth (WECHAT_OAUTH_*) must be the app WeChat Pay charges for.
    const settings = wechatPaySettings!
    if (config.wechatOauth?.appId !== settings.appId || !config.publicOrigin)
      throw invalid(PAYMENT_MESSAGES.offline)
    const openid = openPayer(client.payer, settings.apiV3Key, now())
    if (!openid) {
      const order = await checkout.payableOrder(viewer, orderCode)
      const ticket = await payerTickets.issue(order.orderCode)
      return { authorize_url: payerAuthorizeUrl(settings.appId, config.publicOrigin, ticket) }
    }
    return jsapiOffer(viewer, orderCode, client, { openid, app: 'web' })
  }

  // ---- the paid path ----

  /**
   * Why a verified payment cannot pay `order` (and is refunded), or null when it pays it: the order
   * is unpaid, expired or voided, the amount is the order's, and nothing was bought in its place
   * (another paid order of the same kind for the same business since). Fulfilment checks the
   * business itself.
   */
  async function refundReason(tx: Executor, order: OrderRow, trade: PaidTrade): Promise<string | null> {
    if (order.status === ORDER_STATUS.paid) return REFUND_REASONS.paidTwice
    if (order.status === ORDER_STATUS.refunded) return REFUND_REASONS.refunded
    if (order.status !== ORDER_STATUS.unpaid && order.status !== ORDER_STATUS.voided)
      return REFUND_REASONS.notPayable
    if (trade.fen !== yuanToFen(order.payAmount)) return REFUND_REASONS.amount
    if (order.status === ORDER_STATUS.voided) {
      // Bought again in its place: a newer paid order of the same type for any of its products
      // (through the lines: a batch renewal names several, a single order one).
      const products = tx
        .select({ businessId: orderLines.businessId })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.businessId)))
      const [replacement] = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(
          and(
            inArray(orderLines.businessId, products),
            eq(orders.orderType, order.orderType),
            eq(orders.status, ORDER_STATUS.paid),
            ne(orders.id, order.id),
            gt(orders.createdAt, order.createdAt),
          ),
        )
        .limit(1)
      if (replacement) return REFUND_REASONS.replaced
    }
    return null
  }

  /**
   * The one paid path: a payment the provider vouched for (notification or query answer). It is
   * always kept: as the order's payment when it can pay the order (then the order is paid and
   * fulfilled in the same transaction), otherwise as a payment due for refund.
   */
  async function applyPaid(provider: PaymentProvider, trade: PaidTrade): Promise<PaidOutcome> {
    if (!trade.tradeNo || !trade.transactionId || !Number.isInteger(trade.fen) || trade.fen <= 0)
      throw invalid(CHECKOUT_MESSAGES.badParams)
    // Attempts made before out_trade_no had suffixes used the order code itself.
    const orderCode = (await attempts.byTradeNo(provider, trade.tradeNo))?.orderCode ?? trade.tradeNo

    const result = await db.transaction(async (tx): Promise<PaidOutcome | Refusal> => {
      const [locked] = await tx.select().from(orders).where(eq(orders.orderCode, orderCode)).for('update')
      if (!locked) return new Refusal(ORDER_MISSING, CHECKOUT_MESSAGES.missing)
      const [known] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.tradeNo, trade.transactionId)))
      if (known) return 'alreadyPaid'
      const order = await checkout.voidIfExpired(locked, tx)
      const at = now()
      const payment = {
        orderId: order.id,
        orderCode: order.orderCode,
        provider,
        outTradeNo: trade.tradeNo,
        tradeNo: trade.transactionId,
        amount: fenToYuan(trade.fen),
        subAccountId: order.subAccountId,
        paidAt: at,
        notifiedAt: at,
      }
      let reason = await refundReason(tx, order, trade)
      if (!reason) {
        const paid = { ...order, status: ORDER_STATUS.paid, payTime: at }
        const outcome = await fulfilment.fulfilOrder(tx, paid)
        if (outcome.applied) {
          await tx
            .update(orders)
            .set({ status: ORDER_STATUS.paid, payTime: at })
            .where(eq(orders.id, order.id))
          await tx.insert(payments).values(payment)
          return order.status === ORDER_STATUS.unpaid ? 'paid' : 'late'
        }
        reason = outcome.reason.slice(0, 128)
      }
      await tx
        .insert(payments)
        .values({ ...payment, state: 'refund_due', refundReason: reason, refundNextAt: at })
      return 'refundDue'
    })
    if (result instanceof Refusal) throw result
    if (result === 'refundDue') {
      paymentMetrics.refundDue()
      log.warn(
        { provider, orderCode, tradeNo: trade.tradeNo, transactionId: trade.transactionId, fen: trade.fen },
        'a verified payment cannot be kept for its order: refund due',
      )
      inBackground('refund', () => refunds.runDue())
    }
    if (result === 'paid' || result === 'late')
      inBackground('closing the other attempts', () => closeOpenAttempts(orderCode))
    return result
  }

  /** Counts each notification's outcome for /metrics: paid, late, refundDue…; forged (signature) and refused apart. */
  async function counted(
    provider: PaymentProvider,
    handle: () => Promise<NotifyOutcome>,
  ): Promise<NotifyOutcome> {
    try {
      const outcome = await handle()
      countPaymentNotification(provider, outcome)
      return outcome
    } catch (error) {
      countPaymentNotification(provider, error instanceof Refusal ? 'refused' : 'forged')
      throw error
    }
  }

  /**
   * How `provider`'s notifications are answered: 'provider' as the real one expects (WeChat Pay 204,
   * Alipay `success`), 'envelope' for the sandbox and for a provider that is not configured.
   */
  const notificationAnswers = (provider: PaymentProvider): 'provider' | 'envelope' =>
    gateways[provider] && !gateways[provider].sandbox ? 'provider' : 'envelope'

  /**
   * A provider's notification (POST /api/alipay/notify, /api/wxpay/notify, /api/wxpay/refund/notify),
   * exactly as it arrived. A NotificationRefused (signature, timestamp, merchant) or a Refusal (order,
   * no provider) is thrown for the route to answer; a repeated notification changes nothing.
   */
  async function receiveNotification(
    provider: PaymentProvider,
    raw: RawNotification,
  ): Promise<NotifyOutcome> {
    return counted(provider, async () => {
      const gateway = gateways[provider]
      if (!gateway) throw forbidden(PAYMENT_MESSAGES.notConfigured)
      const result = gateway.verifyNotification(raw)
      if (result.kind === 'ignored') return 'ignored'
      if (result.kind === 'refund') {
        await refunds.settle(
          result.refundNo,
          result.state === 'refunded'
            ? { state: 'refunded' }
            : { state: 'failed', reason: result.reason ?? 'refused' },
        )
        return 'refund'
      }
      return applyPaid(provider, result.trade)
    })
  }

  // ---- asking the providers ----

  /** The provider's answer about one attempt, or null when it could not be had (logged). */
  async function query(attempt: AttemptRow): Promise<TradeState | null> {
    const gateway = gateways[attempt.provider as PaymentProvider]
    if (!gateway) return null
    try {
      return await gateway.query(attempt.tradeNo)
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn({ provider: attempt.provider, reason: error.reason }, 'payment query failed')
      return null
    }
  }

  /** Applies a payment a query found; a refusal (an order gone) is logged, not thrown. */
  async function applyFound(attempt: AttemptRow, state: TradeState | null): Promise<boolean> {
    if (state?.state !== 'paid') return false
    try {
      await applyPaid(attempt.provider as PaymentProvider, state.trade)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      log.error(
        { provider: attempt.provider, tradeNo: attempt.tradeNo, refusal: error.message },
        'a queried payment was refused',
      )
    }
    return true
  }

  /**
   * Closes one attempt at its provider: 'closed' (or never created there), 'paid' (the provider says
   * it was paid: the payment is applied instead) or 'failed' (a refusal or no answer in time).
   */
  async function closeAttempt(attempt: AttemptRow): Promise<'closed' | 'paid' | 'failed'> {
    const gateway = gateways[attempt.provider as PaymentProvider]
    if (!gateway) return 'failed'
    let outcome: 'closed' | 'paid'
    try {
      outcome = await gateway.close(attempt.tradeNo)
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      paymentMetrics.closeFailed()
      log.warn(
        { provider: attempt.provider, tradeNo: attempt.tradeNo, reason: error.reason },
        'closing a trade failed',
      )
      return 'failed'
    }
    if (outcome === 'paid' && !(await applyFound(attempt, await query(attempt)))) return 'failed'
    await attempts.markClosed(attempt)
    return outcome
  }

  /**
   * Looks at an attempt no longer wanted before closing it: a paid one is applied (a second payment
   * is refunded), one never created or already closed is only marked, an open one is closed.
   */
  async function settleAttempt(attempt: AttemptRow): Promise<void> {
    const state = await query(attempt)
    if (!state) return
    if (state.state === 'open') {
      await closeAttempt(attempt)
      return
    }
    await applyFound(attempt, state)
    await attempts.markClosed(attempt)
  }

  /** After a payment: every other open attempt of the order is closed. */
  async function closeOpenAttempts(orderCode: string): Promise<void> {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, orderCode))
    if (!order) return
    for (const attempt of await attempts.openOf(order.id)) await settleAttempt(attempt)
  }

  /**
   * Asks each open attempt of the order whether it was paid, at most once every
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
      .returning()
    for (const attempt of claimed) await applyFound(attempt, await query(attempt))
  }

  /** GET /api/pc/getOrderStatus: true once paid; while unpaid, a lost notification is looked for. */
  async function paymentStatus(viewer: Viewer, orderCode: string): Promise<boolean> {
    if (await checkout.isPaid(viewer, orderCode)) return true
    await recoverPayment(orderCode)
    return checkout.isPaid(viewer, orderCode)
  }

  /**
   * doc2 §4 作废, closing first: each open attempt is closed at its provider (within its time limit).
   * A close that finds the trade paid applies the payment and answers 订单已支付; one that fails or
   * times out refuses the void (订单支付状态确认中) and changes nothing.
   */
  async function voidOrder(viewer: Viewer, orderCode: string): Promise<void> {
    const row = await orderService.ownRow(viewer, { orderCode })
    if (row.status === ORDER_STATUS.voided) return
    if (!canVoidOrder(row)) throw invalid(ORDER_MESSAGES.onlyUnpaidVoid)
    for (const attempt of await attempts.openOf(row.id)) {
      const outcome = await closeAttempt(attempt)
      if (outcome === 'paid') throw invalid(CHECKOUT_MESSAGES.paid)
      if (outcome === 'failed') throw invalid(PAYMENT_MESSAGES.confirming)
    }
    await orderService.voidOrder(viewer, orderCode)
  }

  /**
   * Housekeeping's pass (within SWEEP_BUDGET_MS): an unpaid order past its deadline is asked about
   * before it is voided (a payment in time pays it), then every open attempt of an order no longer
   * unpaid is settled: applied when paid, marked when missing or closed, closed otherwise.
   */
  async function sweep(budgetMs = SWEEP_BUDGET_MS): Promise<void> {
    const stopAt = Date.now() + budgetMs
    const expiring = await db
      .select({ attempt: paymentAttempts })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(
        and(
          isNull(paymentAttempts.closedAt),
          eq(orders.status, ORDER_STATUS.unpaid),
          lt(orders.payDeadline, now()),
        ),
      )
    for (const { attempt } of expiring) {
      if (Date.now() > stopAt) return
      await applyFound(attempt, await query(attempt))
    }
    await checkout.voidExpired()
    const abandoned = await db
      .select({ attempt: paymentAttempts })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(and(isNull(paymentAttempts.closedAt), ne(orders.status, ORDER_STATUS.unpaid)))
    for (const { attempt } of abandoned) {
      if (Date.now() > stopAt) {
        log.warn({ left: abandoned.length }, 'payment sweep stopped at its time budget; the next run goes on')
        return
      }
      await settleAttempt(attempt)
    }
  }

  // ---- development ----

  /** The sandbox page's view of an attempt (development only: no session there). */
  async function sandboxOrder(tradeNo: string) {
    const attempt =
      (await attempts.byTradeNo('alipay', tradeNo)) ?? (await attempts.byTradeNo('wxpay', tradeNo)) ?? null
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderCode, attempt?.orderCode ?? tradeNo))
      .limit(1)
    return order
      ? { order: await checkout.voidIfExpired(order), tradeNo: attempt?.tradeNo ?? order.orderCode }
      : null
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
    /** PAYER_CALLBACK_PATH's state: the order of a live payer ticket, which it uses up (else null). */
    takePayerTicket: payerTickets.take,
    alipayWapPay,
    wxpayPrecreate,
    notificationAnswers,
    receiveNotification,
    /** Whether WeChat's browser is sent through the snsapi_base payer authorisation before JSAPI. */
    identifiesPayers: () => gateways.wxpay?.needsPayer ?? false,
    /** Whether WeChat Pay posts refund notifications (a real WeChat Pay is configured). */
    receivesRefundNotifications: () => Boolean(gateways.wxpay && !gateways.wxpay.sandbox),
    paymentStatus,
    voidOrder,
    sweep,
    refunds,
    reconciliation,
    sandboxOrder,
    /** Development only: the sandbox's signed notifications and its refund log. */
    sandbox: gateways.sandbox,
    /** Waits for the work notifications started (app close). */
    settle: async () => {
      while (background.size) await Promise.allSettled([...background])
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
