// What a paid order does to the businesses on /index (account-area §4; doc2 §3 "Order"). The
// payment service calls fulfilOrder inside the transaction that marks the order paid, so an order
// is fulfilled exactly once. Opening and upgrading take a few seconds: the business shows 开通中 /
// 升级中 until then and selectBusinessIsOpen flips it lazily (products.ts settle()).
// Before a renewal, an upgrade or a buy-new touches a business, the rules that priced the order are
// checked again on the locked business row (orderStaleness): one whose rule no longer holds changes
// nothing, and its payment is refunded (services/payments). A batch renewal (a renewal
// order naming its businesses in its lines only) renews all of its lines or none.
import { asc, eq, inArray } from 'drizzle-orm'
import { businessOrderRefusal, type BusinessOrderKind } from '../../../src/core/validation/business-orders'
import { ORDER_TYPE } from '../../../src/core/contract/orders'
import { BUSINESS_STATUS } from '../../../src/core/contract/products'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { businesses, orders } from '../../db/schema'
import { findSku, upgradePrice, upgradeRefusal } from './catalog'
import { linesOfOrder, setLineBusiness, type OrderLineRow, type OrderRow } from '../orders/order-lines'

/** A transaction (or the database itself: a transaction is a Database too). */
export type Executor = Database

export type BusinessRow = typeof businesses.$inferSelect

export const FULFILMENT_MESSAGES = {
  businessGone: '该产品不存在或已不属于当前账号',
  renewOtherSku: '续费商品与当前产品规格不符，请从产品列表重新发起续费',
  termChanged: '产品服务期已变化，请重新下单升级',
  domainTaken: '该域名已被占用，请更换域名',
} as const

/** Which row of the button table an order on an existing business is. */
export function orderKindOf(order: Pick<OrderRow, 'orderType'>): BusinessOrderKind {
  if (order.orderType === ORDER_TYPE.renewal) return 'renew'
  if (order.orderType === ORDER_TYPE.upgrade) return 'upgrade'
  return 'buyNew'
}

/**
 * Why an order for an existing business may no longer be applied to it, or null when it may: the
 * business is still the account's, the home list still offers this order for it (status, channel),
 * a renewal is of the business's own SKU, and an upgrade is still to a higher edition and its paid
 * amount still covers the remaining term (a renewal paid in between lengthens that term).
 */
export function orderStaleness(
  order: Pick<OrderRow, 'orderType' | 'accountId' | 'skuId' | 'payAmount'>,
  business: BusinessRow | undefined,
  at: Date,
): string | null {
  if (!business || business.accountId !== order.accountId) return FULFILMENT_MESSAGES.businessGone
  const kind = orderKindOf(order)
  const refusal = businessOrderRefusal(kind, business)
  if (refusal) return refusal
  if (kind === 'renew' && order.skuId !== business.skuId) return FULFILMENT_MESSAGES.renewOtherSku
  if (kind === 'upgrade') {
    const notHigher = upgradeRefusal(business.skuId, order.skuId)
    if (notHigher) return notHigher
    const due = upgradePrice(business.skuId, order.skuId, business.expireTime, at)
    if (due === undefined || Math.round(due * 100) > Math.round(Number(order.payAmount) * 100)) {
      return FULFILMENT_MESSAGES.termChanged
    }
  }
  return null
}

/** A batch renewal order: renewal, naming no single business (its lines name them). */
export const isBatchRenewal = (order: Pick<OrderRow, 'orderType' | 'businessId'>) =>
  order.orderType === ORDER_TYPE.renewal && order.businessId === null

/** The businesses of a batch's lines, locked (`lock`) in id order so two payments cannot deadlock. */
async function lineBusinesses(tx: Executor, lines: OrderLineRow[], lock: boolean) {
  const ids = lines.map((line) => line.businessId).filter((id): id is number => id !== null)
  if (!ids.length) return new Map<number, BusinessRow>()
  const query = tx.select().from(businesses).where(inArray(businesses.id, ids)).orderBy(asc(businesses.id))
  const rows = lock ? await query.for('update') : await query
  return new Map(rows.map((row) => [row.id, row]))
}

/** Why one line of a batch renewal may no longer renew its business: the single renewal's rules. */
function lineStaleness(
  order: Pick<OrderRow, 'accountId'>,
  line: OrderLineRow,
  business: BusinessRow | undefined,
  at: Date,
): string | null {
  const asOrder = {
    orderType: ORDER_TYPE.renewal,
    accountId: order.accountId,
    skuId: line.skuId,
    payAmount: line.amount,
  }
  return orderStaleness(asOrder, business, at)
}

/**
 * A batch renewal's lines with their businesses (locked when `lock`), and why it may no longer be
 * applied: every line must still hold (one stale line stops the whole order, whose payment is then
 * refunded whole). Without lines, nothing to renew.
 */
async function readBatch(tx: Executor, order: Pick<OrderRow, 'id' | 'accountId'>, at: Date, lock: boolean) {
  const lines = await linesOfOrder(tx, order.id)
  const owned = await lineBusinesses(tx, lines, lock)
  let reason: string | null = lines.length ? null : FULFILMENT_MESSAGES.businessGone
  for (const line of lines) {
    const business = line.businessId === null ? undefined : owned.get(line.businessId)
    const stale = lineStaleness(order, line, business, at)
    if (stale) {
      reason = `${line.productName}（${line.secondDomain}）：${stale}`
      break
    }
  }
  return { lines, owned, reason }
}

/** Why a batch renewal may no longer be applied, or null (the payment page asks before offering it). */
export async function batchStaleness(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'accountId'>,
  at: Date,
): Promise<string | null> {
  return (await readBatch(tx, order, at, false)).reason
}

/** What fulfilOrder did: applied, or left the business alone because the order had gone stale. */
export type FulfilmentOutcome = { applied: true } | { applied: false; reason: string }

/** How long a new business stays 开通中 and an upgrade 升级中. */
export const SETTLE_MS = 5_000

export function addYears(from: Date, years: number): Date {
  const next = new Date(from)
  next.setUTCFullYear(next.getUTCFullYear() + years)
  return next
}

/** What fulfilment tells the renewal reminders (services/renewal/reminders.ts): these products renewed. */
export interface RenewalNotices {
  renewed(tx: Executor, businessIds: number[]): Promise<void>
}

export function createFulfilment(
  { now, log }: Pick<AppContext, 'now' | 'log'>,
  { reminders }: { reminders: RenewalNotices },
) {
  async function fulfilOrder(tx: Executor, order: OrderRow): Promise<FulfilmentOutcome> {
    const at = now()
    if (order.orderType === ORDER_TYPE.purchase && !order.businessId) {
      // Two accounts may have ordered the same free domain; the first one paid gets it.
      if (!(await open(tx, order, at))) return stale(order, FULFILMENT_MESSAGES.domainTaken)
      return { applied: true }
    }
    if (isBatchRenewal(order)) return renewBatch(tx, order, at)
    if (!order.businessId) return stale(order, FULFILMENT_MESSAGES.businessGone)
    const [business] = await tx
      .select()
      .from(businesses)
      .where(eq(businesses.id, order.businessId))
      .for('update')
    const reason = orderStaleness(order, business, at)
    if (reason) return stale(order, reason)
    if (order.orderType === ORDER_TYPE.purchase) await open(tx, order, at)
    else if (order.orderType === ORDER_TYPE.renewal) await renew(tx, order, business!, at)
    else await upgrade(tx, order, business!.id)
    return { applied: true }
  }

  /** The order touches nothing; the payment service keeps the payment as due for refund. */
  function stale(order: OrderRow, reason: string): FulfilmentOutcome {
    log.warn(
      { orderCode: order.orderCode, businessId: order.businessId, orderType: order.orderType, reason },
      'paid order not applied: its rule no longer holds; refund due',
    )
    return { applied: false, reason }
  }

  /**
   * A new purchase opens a product card on the order's domain (source 1, 开通中 for a few seconds),
   * or reopens the account's refunded or lapsed business on that domain (the order names it).
   */
  async function open(tx: Executor, order: OrderRow, at: Date): Promise<boolean> {
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
      return true
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
      .onConflictDoNothing({ target: businesses.secondDomain })
      .returning({ id: businesses.id })
    if (!business) return false
    await tx.update(orders).set({ businessId: business.id }).where(eq(orders.id, order.id))
    await setLineBusiness(tx, order.id, business.id)
    return true
  }

  /**
   * Renewal: cycleNum more years from the later of now and the current expiry. An expired business
   * is valid again; a paused, stopped or upgrading one keeps its status (the renewal buys time, it
   * does not lift a pause).
   */
  async function renew(tx: Executor, order: OrderRow, business: BusinessRow, at: Date) {
    await extend(tx, business, order.cycleNum, at)
    await reminders.renewed(tx, [business.id])
  }

  async function extend(tx: Executor, business: BusinessRow, years: number, at: Date) {
    const base = business.expireTime && business.expireTime > at ? business.expireTime : at
    const status = business.status === BUSINESS_STATUS.expired ? BUSINESS_STATUS.valid : business.status
    await tx
      .update(businesses)
      .set({ expireTime: addYears(base, years), status, isExpire: 0 })
      .where(eq(businesses.id, business.id))
  }

  /**
   * A batch renewal renews every line's business by its own cycle, all or none: the businesses are
   * locked in id order, every line checked as a single renewal would be, then all extended.
   */
  async function renewBatch(tx: Executor, order: OrderRow, at: Date): Promise<FulfilmentOutcome> {
    const { lines, owned, reason } = await readBatch(tx, order, at, true)
    if (reason) return stale(order, reason)
    for (const line of lines) await extend(tx, owned.get(line.businessId!)!, line.cycleNum, at)
    await reminders.renewed(
      tx,
      lines.map((line) => line.businessId!),
    )
    return { applied: true }
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
