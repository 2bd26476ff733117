// What a paid order does to the businesses on /index (account-area §4; doc2 §3 "Order"). The
// payment service calls fulfilOrder inside the transaction that marks the order paid, so an order
// is fulfilled exactly once. Opening and upgrading take a few seconds: the business shows 开通中 /
// 升级中 until then and selectBusinessIsOpen flips it lazily (products.ts settle()).
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import type { Database } from '../db/client'
import { businesses, orders } from '../db/schema'
import { findSku } from './catalog'

/** A transaction (or the database itself: a transaction is a Database too). */
export type Executor = Database

export type OrderRow = typeof orders.$inferSelect

export const ORDER_TYPE = { purchase: 1, renewal: 2, upgrade: 3 } as const

/** 0 opening … 6 upgrading (account-area §4). */
export const BUSINESS_STATUS = {
  opening: 0,
  valid: 1,
  paused: 2,
  stopped: 3,
  expired: 4,
  refunded: 5,
  upgrading: 6,
} as const

/** How long a new business stays 开通中 and an upgrade 升级中. */
export const SETTLE_MS = 5_000

export function addYears(from: Date, years: number): Date {
  const next = new Date(from)
  next.setUTCFullYear(next.getUTCFullYear() + years)
  return next
}

export function createFulfilment({ now }: AppContext) {
  async function fulfilOrder(tx: Executor, order: OrderRow): Promise<void> {
    const at = now()
    if (order.orderType === ORDER_TYPE.purchase) return open(tx, order, at)
    if (!order.businessId) return
    if (order.orderType === ORDER_TYPE.renewal) return renew(tx, order, order.businessId, at)
    if (order.orderType === ORDER_TYPE.upgrade) return upgrade(tx, order, order.businessId)
  }

  /**
   * A new purchase opens a product card on the order's domain (source 1, 开通中 for a few seconds),
   * or reopens the account's refunded or lapsed business on that domain (the order names it).
   */
  async function open(tx: Executor, order: OrderRow, at: Date) {
    const openTime = new Date(at.getTime() + SETTLE_MS)
    const fresh = {
      orderCode: order.orderCode,
      skuId: order.skuId,
      productName: order.productName,
      productVersion: order.productVersion || findSku(order.skuId)?.ProductTypeName || '',
      productType: order.productType,
      payMethod: order.payMethod,
      status: BUSINESS_STATUS.opening,
      isExpire: 0,
      openTime,
      expireTime: addYears(openTime, order.cycleNum),
    }
    if (order.businessId) {
      await tx.update(businesses).set(fresh).where(eq(businesses.id, order.businessId))
      return
    }
    const secondDomain = order.secondDomain || `site-${order.orderCode.toLowerCase()}`
    const [business] = await tx
      .insert(businesses)
      .values({
        ...fresh,
        accountId: order.accountId,
        secondDomain,
        realSecondDomain: `${secondDomain}.yunmeng.example`,
        websiteName: order.productName,
        channel: order.salesChannel,
        source: 1,
        createdAt: at,
      })
      .returning({ id: businesses.id })
    await tx.update(orders).set({ businessId: business!.id }).where(eq(orders.id, order.id))
  }

  /** Renewal: cycleNum more years from the later of now and the current expiry; valid again. */
  async function renew(tx: Executor, order: OrderRow, businessId: number, at: Date) {
    const [business] = await tx
      .select({ expireTime: businesses.expireTime })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update')
    if (!business) return
    const base = business.expireTime && business.expireTime > at ? business.expireTime : at
    await tx
      .update(businesses)
      .set({ expireTime: addYears(base, order.cycleNum), status: BUSINESS_STATUS.valid, isExpire: 0 })
      .where(eq(businesses.id, businessId))
  }

  /** Upgrade: 升级中 on the new SKU; settles to valid once the order's pay time is SETTLE_MS old. */
  async function upgrade(tx: Executor, order: OrderRow, businessId: number) {
    await tx
      .update(businesses)
      .set({
        status: BUSINESS_STATUS.upgrading,
        skuId: order.skuId,
        productVersion: order.productVersion || findSku(order.skuId)?.ProductTypeName || '',
      })
      .where(eq(businesses.id, businessId))
  }

  return { fulfilOrder }
}

export type Fulfilment = ReturnType<typeof createFulfilment>
