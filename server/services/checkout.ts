// Confirm order and the unpaid order's state (doc2 §2 Confirm order / Payment page, §3 Confirm-order
// line / Payment line, §7 Orders and payment). Every price comes from the catalogue: the client
// names a SKU, an order type and a buy cycle, never an amount. Every call by orderCode is limited
// to the viewer's account; sub-admins may buy and renew (only the order list is main-only).
import crypto from 'node:crypto'
import { and, eq, lt, or } from 'drizzle-orm'
import { later, minutes, type AppContext } from '../context'
import { businesses, orders } from '../db/schema'
import { ApiFailure, forbidden, invalid } from '../http/failure'
import { findSku, priceOf, type BuyCyclePrice } from './catalog'
import { ORDER_TYPE, type Executor, type OrderRow } from './fulfilment'
import type { Viewer } from './sessions'

/** doc2 §4 order status. */
export const ORDER_STATUS = { paid: 1, refunded: 2, unpaid: 3, voided: 4 } as const

/** How long an unpaid order waits for its payment (getOrderTimeOut counts down to this). */
export const PAY_WINDOW_MS = minutes(30)

/** doc2 §8: getOrderInfo answers 508 for an order that does not exist (10010, not ready, never: orders are written at once). */
export const ORDER_MISSING = 508

export const CHECKOUT_MESSAGES = {
  badParams: '非法参数，请重试',
  notOwner: '当前业务不属于当前账号，无法续费！',
  noSku: '商品不存在或已下架',
  noCycle: '请选择购买时长',
  missing: '订单不存在',
  expired: '订单已过期，请重新下单！',
  paid: '订单已支付',
  notPayable: '当前订单状态无法支付',
  domainTaken: '该域名已被占用，请更换域名',
} as const

/** doc2 §3 "Confirm-order line". */
export interface ConfirmOrderLine {
  SkuId: string
  ProductName: string
  ProductTypeName: string
  PayMethod: string
  Count: number
  BuyCyclePriceList: BuyCyclePrice[]
}

/** doc2 §3 "Payment line". */
export interface PaymentLine {
  OrderNo: string
  ProductName: string
  ProductTypeName: string
  BuyCycle: number
  PayMethod: string
  Count: number
  Price: string
}

export interface OrderInfo {
  orderCode: string
  orderType: number
  status: number
  totalAmount: string
  originalAmount: string
  createTime: string
  payDeadline: string | null
  lines: PaymentLine[]
}

export interface GenerateOrderInput {
  NewACUserId?: number | string
  SkuId: string
  OrderTypeId: number
  BuyCycle: number
  FrontEndUrl?: string
  /** For a renewal or an upgrade: the order that opened the business. */
  OrderNo?: string
  /** JSON: { subAccountId, secondDomain }. */
  CommonParam?: string
}

const ORDER_TYPES: readonly number[] = Object.values(ORDER_TYPE)
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
function newOrderCode(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14)
  return stamp + String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Remaining time as the spec's h, m, s (doc2 §3 "timeout h, m, s"). */
export function splitDuration(ms: number): { h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000))
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 }
}

export function createCheckoutService({ db, now }: AppContext) {
  function catalogueLine(skuId: string): ConfirmOrderLine {
    const sku = findSku(skuId)
    if (!sku) throw invalid(CHECKOUT_MESSAGES.noSku)
    return {
      SkuId: sku.SkuId,
      ProductName: sku.ProductName,
      ProductTypeName: sku.ProductTypeName,
      PayMethod: sku.PayMethod,
      Count: 1,
      BuyCyclePriceList: sku.BuyCyclePriceList,
    }
  }

  /** The business a renewal or upgrade is for; it must be the viewer's account's (doc2 §6). */
  async function ownedBusiness(viewer: Viewer, ref: { secondDomain?: string; orderCode?: string }) {
    const keys = [
      ref.secondDomain ? eq(businesses.secondDomain, ref.secondDomain) : undefined,
      ref.orderCode ? eq(businesses.orderCode, ref.orderCode) : undefined,
    ].filter(Boolean)
    if (!keys.length) throw invalid(CHECKOUT_MESSAGES.badParams)
    const [business] = await db
      .select()
      .from(businesses)
      .where(or(...keys))
      .limit(1)
    if (!business || business.accountId !== viewer.accountId) throw forbidden(CHECKOUT_MESSAGES.notOwner)
    return business
  }

  /** POST /oapi/newac/ConfirmOrder: the SKU's line with its buy cycles and prices. */
  async function confirmOrder(
    viewer: Viewer,
    input: { SkuId: string; OrderTypeId: number; secondDomain?: string; OrderNo?: string },
  ): Promise<ConfirmOrderLine[]> {
    if (!ORDER_TYPES.includes(input.OrderTypeId)) throw invalid(CHECKOUT_MESSAGES.badParams)
    const line = catalogueLine(input.SkuId)
    if (input.OrderTypeId !== ORDER_TYPE.purchase) {
      await ownedBusiness(viewer, { secondDomain: input.secondDomain, orderCode: input.OrderNo })
    }
    return [line]
  }

  /** POST /oapi/newac/GenerateOrder: an unpaid order priced from the catalogue. */
  async function generateOrder(viewer: Viewer, input: GenerateOrderInput): Promise<PaymentLine[]> {
    if (!ORDER_TYPES.includes(input.OrderTypeId)) throw invalid(CHECKOUT_MESSAGES.badParams)
    if (input.NewACUserId !== undefined && Number(input.NewACUserId) !== viewer.accountId) throw forbidden()
    const sku = findSku(input.SkuId)
    if (!sku) throw invalid(CHECKOUT_MESSAGES.noSku)
    const price = priceOf(sku.SkuId, input.BuyCycle)
    if (price === undefined) throw invalid(CHECKOUT_MESSAGES.noCycle)
    const { secondDomain } = parseCommonParam(input.CommonParam)

    let businessId: number | null = null
    let salesChannel = 32
    let domain = ''
    if (input.OrderTypeId === ORDER_TYPE.purchase) {
      if (secondDomain && !DOMAIN.test(secondDomain)) throw invalid(CHECKOUT_MESSAGES.badParams)
      domain = secondDomain ?? ''
      // Buying again for a refunded or lapsed site (account-area §4 buy-new) reopens that business;
      // a domain another account holds cannot be bought.
      const [existing] = domain
        ? await db.select().from(businesses).where(eq(businesses.secondDomain, domain)).limit(1)
        : []
      if (existing && existing.accountId !== viewer.accountId) throw invalid(CHECKOUT_MESSAGES.domainTaken)
      businessId = existing?.id ?? null
    } else {
      const business = await ownedBusiness(viewer, { secondDomain, orderCode: input.OrderNo?.trim() })
      businessId = business.id
      salesChannel = business.channel
      domain = business.secondDomain
    }

    const at = now()
    const amount = price.toFixed(2)
    const [order] = await db
      .insert(orders)
      .values({
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
      .returning()
    return paymentLines(order!)
  }

  function paymentLines(order: OrderRow): PaymentLine[] {
    return [
      {
        OrderNo: order.orderCode,
        ProductName: order.productName,
        ProductTypeName: order.productVersion,
        BuyCycle: order.cycleNum,
        PayMethod: order.payMethod,
        Count: 1,
        Price: order.payAmount,
      },
    ]
  }

  /**
   * The viewer's order by code, voided first when it is unpaid and past its deadline (doc2 §2: an
   * expired order cannot be paid). Another account's order is refused, a missing one is 508.
   */
  async function ownOrder(viewer: Viewer, orderCode: string, tx: Executor = db): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.orderCode, orderCode)).limit(1)
    if (!order) throw new ApiFailure(ORDER_MISSING, CHECKOUT_MESSAGES.missing)
    if (order.accountId !== viewer.accountId) throw forbidden()
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
      lines: paymentLines(order),
    }
  }

  /** GET /api/feignOrder/getOrderTimeOut: time left to pay; zero once paid, voided or past it. */
  async function timeLeft(viewer: Viewer, orderCode: string) {
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
