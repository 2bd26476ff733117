// Confirm order and the unpaid order's state (doc2 §2 Confirm order / Payment page, §3 Confirm-order
// line / Payment line, §7 Orders and payment). Every price comes from the catalogue: the client
// names a SKU, an order type and a buy cycle, never an amount. A renewal is of the business's own
// SKU, an upgrade goes to a higher edition of the same product priced for the remaining term
// (catalog.ts upgradePrice), and both are taken only where /index offers them (account-area §4,
// src/core/validation/business-orders.ts). Orders by code are limited to what the viewer may
// follow (order-access.ts); anything else is answered as a missing order.
import crypto from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import {
  businessOrderRefusal,
  UPGRADE_BUY_CYCLE,
  type BusinessOrderKind,
} from '../../../src/core/validation/business-orders'
import {
  CHECKOUT_MESSAGES as SHARED_CHECKOUT_MESSAGES,
  ORDER_STATE_MESSAGES,
  type BuyCyclePrice,
  type ConfirmOrderLine,
  type ConfirmOrderRequest,
  type GenerateOrderRequest,
  type OrderInfo,
  type OrderTimeout,
  type PaymentLine,
} from '../../../src/core/contract/checkout'
import { isOrderType, ORDER_STATUS, ORDER_TYPE } from '../../../src/core/contract/orders'
import { later, minutes, type AppContext } from '../../context'
import { businesses, orders } from '../../db/schema'
import { forbidden, invalid } from '../shared/errors'
import { pendingCancellationOf } from '../account/account-cancellation'
import { CANCELLATION_MSG } from '../../../src/core/validation/cancellation'
import {
  findSku,
  priceOf,
  upgradePrice,
  upgradeRefusal,
  upgradeTargets,
  UPGRADE_MESSAGES,
  type CatalogueSku,
} from './catalog'
import {
  batchStaleness,
  FULFILMENT_MESSAGES,
  orderStaleness,
  type BusinessRow,
  type Executor,
} from './fulfilment'
import { managesSites, mayFollowOrder, NO_WEBSITE_MANAGE, orderMissing } from '../orders/order-access'
import { insertOrder, linesOfOrder, paymentLineOf, type OrderRow } from '../orders/order-lines'
import { unpaidRenewalsOf } from '../orders/pending-renewals'
import { RENEWAL_MESSAGES } from '../../../src/core/contract/renewal'
import type { Viewer } from '../shared/viewer'

export { ORDER_MISSING } from '../orders/order-access'

/** How long an unpaid order waits for its payment (getOrderTimeOut counts down to this). */
export const PAY_WINDOW_MS = minutes(30)

export const CHECKOUT_MESSAGES = {
  ...SHARED_CHECKOUT_MESSAGES,
  noSku: '商品不存在或已下架',
  noCycle: '请选择购买时长',
  /** missing (508): another account's or not the sub-admin's too (never 10010: orders are written at once). */
  ...ORDER_STATE_MESSAGES,
  notPayable: '当前订单状态无法支付',
  domainTaken: '该域名已被占用，请更换域名',
} as const

/** Second-level domain labels: letters, digits and hyphens. */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,62})$/i

function parseCommonParam(text: string | undefined): { secondDomain?: string } {
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    if (value && typeof value === 'object') {
      const { secondDomain } = value as { secondDomain?: unknown }
      return typeof secondDomain === 'string' ? { secondDomain: secondDomain.trim() } : {}
    }
  } catch {
    // Not JSON: treated as empty; the renewal checks below still apply.
  }
  return {}
}

/** 20 characters: UTC time to the second plus 6 random digits. */
export function newOrderCode(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14)
  return stamp + String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Remaining time as the spec's h, m, s (doc2 §3 "timeout h, m, s"). */
export function splitDuration(ms: number): OrderTimeout {
  const total = Math.max(0, Math.floor(ms / 1000))
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 }
}

export function createCheckoutService({ db, now }: AppContext) {
  function lineOf(sku: CatalogueSku, cycles: BuyCyclePrice[] = sku.BuyCyclePriceList): ConfirmOrderLine {
    return {
      SkuId: sku.SkuId,
      ProductName: sku.ProductName,
      ProductTypeName: sku.ProductTypeName,
      PayMethod: sku.PayMethod,
      Count: 1,
      BuyCyclePriceList: cycles,
    }
  }

  function skuOf(skuId: string): CatalogueSku {
    const sku = findSku(skuId)
    if (!sku) throw invalid(CHECKOUT_MESSAGES.noSku)
    return sku
  }

  /** Renewing and upgrading manage a site: a sub-admin needs website management (account-area §6). */
  async function requireSiteManager(viewer: Viewer) {
    if (!(await managesSites(db, viewer))) throw forbidden(NO_WEBSITE_MANAGE)
  }

  /**
   * The business a renewal or upgrade is for; it must be the viewer's account's (doc2 §6) and take
   * this kind of order (account-area §4). The domain names it; the opening order code only without one.
   */
  async function orderableBusiness(
    viewer: Viewer,
    kind: BusinessOrderKind,
    ref: { secondDomain?: string; orderCode?: string },
  ): Promise<BusinessRow> {
    const key = ref.secondDomain
      ? eq(businesses.secondDomain, ref.secondDomain)
      : ref.orderCode
        ? eq(businesses.orderCode, ref.orderCode)
        : undefined
    if (!key) throw invalid(CHECKOUT_MESSAGES.badParams)
    const [business] = await db.select().from(businesses).where(key).limit(1)
    if (!business || business.accountId !== viewer.accountId) throw forbidden(CHECKOUT_MESSAGES.notOwner)
    await requireSiteManager(viewer)
    const refusal = businessOrderRefusal(kind, business)
    if (refusal) throw invalid(refusal)
    return business
  }

  /**
   * A new purchase's domain. Buying again for the account's refunded or lapsed site (account-area
   * §4 buy-new) reopens that business, only while /index offers it; another account's domain is
   * refused. Returns the business reopened, if any.
   */
  async function purchaseTarget(viewer: Viewer, secondDomain: string): Promise<BusinessRow | undefined> {
    if (!secondDomain) return undefined
    if (!DOMAIN.test(secondDomain)) throw invalid(CHECKOUT_MESSAGES.badParams)
    const [existing] = await db
      .select()
      .from(businesses)
      .where(eq(businesses.secondDomain, secondDomain))
      .limit(1)
    if (!existing) return undefined
    if (existing.accountId !== viewer.accountId) throw invalid(CHECKOUT_MESSAGES.domainTaken)
    await requireSiteManager(viewer)
    const refusal = businessOrderRefusal('buyNew', existing)
    if (refusal) throw invalid(refusal)
    return existing
  }

  /** A renewal buys the business's own SKU again: another SkuId is refused, not repriced. */
  function renewalSku(business: BusinessRow, skuId: string): CatalogueSku {
    if (skuId !== business.skuId) throw invalid(FULFILMENT_MESSAGES.renewOtherSku)
    return skuOf(business.skuId)
  }

  /** The remaining-term price of upgrading the business to `target`, or the refusal. */
  function upgradeLine(business: BusinessRow, target: CatalogueSku): ConfirmOrderLine {
    const refusal = upgradeRefusal(business.skuId, target.SkuId)
    if (refusal) throw invalid(refusal)
    const price = upgradePrice(business.skuId, target.SkuId, business.expireTime, now())
    if (price === undefined) throw invalid(UPGRADE_MESSAGES.noTermLeft)
    return lineOf(target, [{ BuyCycle: UPGRADE_BUY_CYCLE, Price: price }])
  }

  /**
   * POST /oapi/newac/ConfirmOrder: the SKU's line with its buy cycles and prices. For a renewal the
   * business's own SKU; for an upgrade, sent with the business's own SKU (the /index card's), one
   * line per higher edition it may go to, or sent with one of those, that one's line.
   */
  async function confirmOrder(viewer: Viewer, input: ConfirmOrderRequest): Promise<ConfirmOrderLine[]> {
    if (!isOrderType(input.OrderTypeId)) throw invalid(CHECKOUT_MESSAGES.badParams)
    const ref = { secondDomain: input.secondDomain?.trim(), orderCode: input.OrderNo?.trim() }
    if (input.OrderTypeId === ORDER_TYPE.purchase) {
      const sku = skuOf(input.SkuId)
      await purchaseTarget(viewer, ref.secondDomain ?? '')
      return [lineOf(sku)]
    }
    if (input.OrderTypeId === ORDER_TYPE.renewal) {
      const business = await orderableBusiness(viewer, 'renew', ref)
      return [lineOf(renewalSku(business, input.SkuId))]
    }
    const business = await orderableBusiness(viewer, 'upgrade', ref)
    if (input.SkuId !== business.skuId) return [upgradeLine(business, skuOf(input.SkuId))]
    const targets = upgradeTargets(business.skuId)
    if (!targets.length) throw invalid(UPGRADE_MESSAGES.topEdition)
    return targets.map((target) => upgradeLine(business, target))
  }

  /** What an order costs and which business it is for, by the rules of its type. */
  async function priceOrder(viewer: Viewer, input: GenerateOrderRequest) {
    const { secondDomain } = parseCommonParam(input.CommonParam)
    if (input.OrderTypeId === ORDER_TYPE.purchase) {
      const sku = skuOf(input.SkuId)
      const price = priceOf(sku.SkuId, input.BuyCycle)
      if (price === undefined) throw invalid(CHECKOUT_MESSAGES.noCycle)
      const reopened = await purchaseTarget(viewer, secondDomain ?? '')
      return { sku, price, businessId: reopened?.id ?? null, salesChannel: 32, domain: secondDomain ?? '' }
    }
    const ref = { secondDomain, orderCode: input.OrderNo?.trim() }
    const kind = input.OrderTypeId === ORDER_TYPE.renewal ? 'renew' : 'upgrade'
    const business = await orderableBusiness(viewer, kind, ref)
    const target = { businessId: business.id, salesChannel: business.channel, domain: business.secondDomain }
    if (kind === 'renew') {
      const sku = renewalSku(business, input.SkuId)
      const price = priceOf(sku.SkuId, input.BuyCycle)
      if (price === undefined) throw invalid(CHECKOUT_MESSAGES.noCycle)
      return { sku, price, ...target }
    }
    const sku = skuOf(input.SkuId)
    const line = upgradeLine(business, sku)
    if (input.BuyCycle !== UPGRADE_BUY_CYCLE) throw invalid(CHECKOUT_MESSAGES.noCycle)
    return { sku, price: line.BuyCyclePriceList[0]!.Price, ...target }
  }

  /** POST /oapi/newac/GenerateOrder: an unpaid order priced from the catalogue. */
  async function generateOrder(viewer: Viewer, input: GenerateOrderRequest): Promise<PaymentLine[]> {
    if (!isOrderType(input.OrderTypeId)) throw invalid(CHECKOUT_MESSAGES.badParams)
    if (input.NewACUserId !== undefined && Number(input.NewACUserId) !== viewer.accountId) throw forbidden()
    // 注销中: nothing new the account would have to answer for (a product, an unpaid order).
    if (await pendingCancellationOf(db, viewer.accountId)) throw invalid(CANCELLATION_MSG.noOrders)
    const { sku, price, businessId, salesChannel, domain } = await priceOrder(viewer, input)

    const at = now()
    const amount = price.toFixed(2)
    const order = await db.transaction(async (tx) => {
      if (input.OrderTypeId === ORDER_TYPE.renewal && businessId !== null) {
        await refuseIfInUnpaidBatch(tx, businessId)
      }
      return insertOrder(tx, {
        orderCode: newOrderCode(at),
        accountId: viewer.accountId,
        // The session says who placed it; the CommonParam copy is not trusted.
        subAccountId: viewer.subAccountId || null,
        businessId,
        skuId: sku.SkuId,
        productName: sku.ProductName,
        productVersion: sku.ProductTypeName,
        productType: sku.productType,
        orderType: input.OrderTypeId,
        cycleNum: input.BuyCycle,
        payMethod: sku.PayMethod,
        secondDomain: domain,
        salesChannel,
        status: ORDER_STATUS.unpaid,
        originalAmount: amount,
        payAmount: amount,
        createdAt: at,
        payDeadline: later(at, PAY_WINDOW_MS),
      })
    })
    return paymentLines(order)
  }

  /**
   * A product in an unpaid batch renewal is not renewed alone as well: the business row
   * is locked, as the batch locks it, so the two cannot both pass. An unpaid single renewal of it
   * stays /index's business (checkUnPaidOrder sends the user to pay it).
   */
  async function refuseIfInUnpaidBatch(tx: Executor, businessId: number) {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update')
    const pending = await unpaidRenewalsOf(tx, [businessId], now())
    if (pending.some((order) => order.batch)) throw invalid(RENEWAL_MESSAGES.pendingRenewal)
  }

  async function paymentLines(order: OrderRow): Promise<PaymentLine[]> {
    return (await linesOfOrder(db, order.id)).map((line) => paymentLineOf(order.orderCode, line))
  }

  /**
   * The viewer's order by code, voided first when it is unpaid and past its deadline (doc2 §2: an
   * expired order cannot be paid). A missing order, another account's and one a sub-admin may not
   * follow all get the same 508 refusal.
   */
  async function ownOrder(viewer: Viewer, orderCode: string, tx: Executor = db): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderCode, orderCode), eq(orders.accountId, viewer.accountId)))
      .limit(1)
    if (!order || !(await mayFollowOrder(db, viewer, order))) throw orderMissing()
    return voidIfExpired(order, tx)
  }

  async function voidIfExpired(order: OrderRow, tx: Executor = db): Promise<OrderRow> {
    if (order.status !== ORDER_STATUS.unpaid || !order.payDeadline || order.payDeadline > now()) return order
    const [voided] = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.voided })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.unpaid)))
      .returning()
    return voided ?? order
  }

  /** Voids every unpaid order past its deadline; returns how many. */
  async function voidExpired(): Promise<number> {
    const voided = await db
      .update(orders)
      .set({ status: ORDER_STATUS.voided })
      .where(and(eq(orders.status, ORDER_STATUS.unpaid), lt(orders.payDeadline, now())))
      .returning({ id: orders.id })
    return voided.length
  }

  /** GET /api/pc/getOrderInfo: the payment page's lines and amounts. */
  async function orderInfo(viewer: Viewer, orderCode: string): Promise<OrderInfo> {
    const order = await ownOrder(viewer, orderCode)
    return {
      orderCode: order.orderCode,
      orderType: order.orderType,
      status: order.status,
      totalAmount: order.payAmount,
      originalAmount: order.originalAmount,
      createTime: order.createdAt.toISOString(),
      payDeadline: order.payDeadline?.toISOString() ?? null,
      lines: await paymentLines(order),
    }
  }

  /** GET /api/feignOrder/getOrderTimeOut: time left to pay; zero once paid, voided or past it. */
  async function timeLeft(viewer: Viewer, orderCode: string): Promise<OrderTimeout> {
    const order = await ownOrder(viewer, orderCode)
    if (order.status !== ORDER_STATUS.unpaid || !order.payDeadline) return splitDuration(0)
    return splitDuration(order.payDeadline.getTime() - now().getTime())
  }

  /** GET /api/pc/getOrderStatus: true once paid. */
  async function isPaid(viewer: Viewer, orderCode: string): Promise<boolean> {
    return (await ownOrder(viewer, orderCode)).status === ORDER_STATUS.paid
  }

  /** The viewer's order, ready to be paid online; the refusal says why not. */
  async function payableOrder(viewer: Viewer, orderCode: string): Promise<OrderRow> {
    const order = await ownOrder(viewer, orderCode)
    if (order.status === ORDER_STATUS.paid) throw invalid(CHECKOUT_MESSAGES.paid)
    if (order.status === ORDER_STATUS.voided) throw invalid(CHECKOUT_MESSAGES.expired)
    if (order.status !== ORDER_STATUS.unpaid) throw invalid(CHECKOUT_MESSAGES.notPayable)
    // An order for an existing business is paid only while its rule still holds (fulfilment checks
    // again when the payment arrives).
    if (order.businessId !== null) {
      const [business] = await db.select().from(businesses).where(eq(businesses.id, order.businessId))
      const stale = orderStaleness(order, business, now())
      if (stale) throw invalid(stale)
    } else if (order.orderType === ORDER_TYPE.renewal) {
      const stale = await batchStaleness(db, order, now())
      if (stale) throw invalid(stale)
    }
    return order
  }

  return {
    confirmOrder,
    generateOrder,
    orderInfo,
    timeLeft,
    isPaid,
    payableOrder,
    voidIfExpired,
    voidExpired,
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
