// The product home (account-area §2 Home, §3 product card, §4 product status, §7 Products; doc2 §7).
// Businesses belong to an account: every call filters by the viewer's account, and a sub-admin sees
// them only while its website-management flag is on (account-area §6). Another account's business
// or order is refused with the same message as a missing one, so ids reveal nothing.
import { and, count, desc, eq, exists, gt, isNotNull, lte, not, sql } from 'drizzle-orm'
import { ORDER_STATUS, ORDER_TYPE } from '../../../src/core/contract/orders'
import type { PageQuery } from '../../../src/core/contract/paging'
import { offsetOf, pageOf, totalBeside } from '../shared/paging'
import {
  BUSINESS_STATUS,
  type BackendSignIn,
  type DeliveryAddress,
  type ProductCard,
  type ProductPage,
  type Site,
  type UnpaidCheck,
} from '../../../src/core/contract/products'
import { later, minutes, type AppContext } from '../../context'
import { businesses, orders } from '../../db/schema'
import { forbidden, invalid } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import { findSku, priceOf, upgradeTargets } from '../checkout/catalog'
import { SETTLE_MS, type BusinessRow, type Fulfilment } from '../checkout/fulfilment'
import {
  managesSites as managesAccountSites,
  mayFollowOrder,
  NO_WEBSITE_MANAGE,
  orderMissing,
} from '../orders/order-access'
import { addresseeKey, type Viewer } from '../shared/viewer'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { insertOrder } from '../orders/order-lines'
import { unpaidRenewalsOf } from '../orders/pending-renewals'
import { ROLE } from '../../../src/core/contract/account'

export const PRODUCT_MESSAGES = {
  businessNotFound: '产品不存在或无权操作',
  noWebsiteManage: NO_WEBSITE_MANAGE,
  opening: '产品开通中，请稍后再试',
  noBackend: '该产品暂不支持登录后台',
  ticketInvalid: '登录链接已失效，请返回会员中心重新进入',
} as const

export const BACKEND_TICKET_TTL_MS = minutes(1)

/** The card fields of account-area §3 (times as ISO strings; the client shows them in UTC+8). */
export function toCard(row: BusinessRow, isWebsiteManage: number): ProductCard {
  return {
    id: row.id,
    orderCode: row.orderCode,
    skuId: row.skuId,
    secondDomain: row.secondDomain,
    realSecondDomain: row.realSecondDomain,
    websiteName: row.websiteName,
    productName: row.productName,
    productVersion: row.productVersion,
    channel: row.channel,
    newOrder: row.newOrder,
    isWebsiteManage,
    source: row.source,
    status: row.status,
    isExpire: row.isExpire,
    openTime: row.openTime?.toISOString() ?? null,
    expireTime: row.expireTime?.toISOString() ?? null,
    payMethod: row.payMethod,
    businessCenterState: row.businessCenterState,
    isNeedDeliver: row.isNeedDeliver,
    isProjectFinish: row.isProjectFinish,
    showHoutai: row.showHoutai,
    isDaiweiBusiness: row.isDaiweiBusiness,
    relationSecondDomain: row.relationSecondDomain,
    canUpgrade: upgradeTargets(row.skuId).length ? 1 : 0,
  }
}

/**
 * How long a page may be kept before one of its cards could settle (settle()): 开通中 at its open
 * time (one without any waits for a write), 升级中 at most SETTLE_MS after its newest paid upgrade,
 * which was paid before this read (a later payment is a write).
 */
function keepFor(page: ProductPage, at: Date): number {
  const untils = page.data.map((card) => {
    if (card.status === BUSINESS_STATUS.upgrading) return SETTLE_MS
    if (card.status !== BUSINESS_STATUS.opening || !card.openTime) return Infinity
    return Date.parse(card.openTime) - at.getTime()
  })
  return Math.min(Infinity, ...untils)
}

export function createProductService(
  { db, now }: AppContext,
  {
    fulfilment,
    firstPages = createFirstPageCache(),
  }: { fulfilment: Fulfilment; firstPages?: FirstPageCache },
) {
  /** Main accounts always; a sub-admin only with is_website_manage 1. */
  const managesSites = (viewer: Viewer) => managesAccountSites(db, viewer)

  /**
   * Opening and upgrading settle lazily when read: 开通中 becomes 有效 once its open time has
   * passed, 升级中 once its newest paid upgrade order is SETTLE_MS old.
   */
  async function settle(accountId: number) {
    const at = now()
    await db
      .update(businesses)
      .set({ status: BUSINESS_STATUS.valid })
      .where(
        and(
          eq(businesses.accountId, accountId),
          eq(businesses.status, BUSINESS_STATUS.opening),
          lte(businesses.openTime, at),
        ),
      )
    const paidUpgrade = and(
      eq(orders.businessId, businesses.id),
      eq(orders.orderType, ORDER_TYPE.upgrade),
      eq(orders.status, ORDER_STATUS.paid),
      isNotNull(orders.payTime),
    )
    await db
      .update(businesses)
      .set({ status: BUSINESS_STATUS.valid })
      .where(
        and(
          eq(businesses.accountId, accountId),
          eq(businesses.status, BUSINESS_STATUS.upgrading),
          exists(
            db
              .select({ one: sql`1` })
              .from(orders)
              .where(paidUpgrade),
          ),
          not(
            exists(
              db
                .select({ one: sql`1` })
                .from(orders)
                .where(and(paidUpgrade, gt(orders.payTime, new Date(at.getTime() - SETTLE_MS)))),
            ),
          ),
        ),
      )
  }

  /**
   * GET /api/pc/getProducts: 4 cards a page on /index, newest first. A first page is kept until a
   * write (first-page-cache.ts) or until a card on it could settle, so a kept page needs no settle().
   */
  function page(viewer: Viewer, request: PageQuery): Promise<ProductPage> {
    const key = `products:${addresseeKey(viewer)}`
    return firstPages.page(
      viewer.accountId,
      key,
      request,
      () => read(viewer, request),
      (answer) => keepFor(answer, now()),
    )
  }

  async function read(viewer: Viewer, request: PageQuery): Promise<ProductPage> {
    if (!(await managesSites(viewer))) return { data: [], total: 0, pages: 0, isWebsiteManage: 0 }
    await settle(viewer.accountId)
    const mine = eq(businesses.accountId, viewer.accountId)
    const rows = await db
      .select()
      .from(businesses)
      .where(mine)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, async () => {
      const [{ total: owned }] = await db.select({ total: count() }).from(businesses).where(mine)
      return owned
    })
    return {
      ...pageOf(
        rows.map((row) => toCard(row, 1)),
        total,
        request,
      ),
      isWebsiteManage: 1,
    }
  }

  /** GET /api/pc/getSiteListByEmpId: the viewer's sites (name and address). */
  async function siteList(viewer: Viewer): Promise<Site[]> {
    if (!(await managesSites(viewer))) return []
    const rows = await db
      .select()
      .from(businesses)
      .where(eq(businesses.accountId, viewer.accountId))
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
    return rows.map((row) => ({
      id: row.id,
      siteName: row.websiteName || row.productName,
      secondDomain: row.secondDomain,
      siteUrl: `https://${row.realSecondDomain || row.secondDomain}`,
    }))
  }

  async function owned(viewer: Viewer, where: ReturnType<typeof eq>): Promise<BusinessRow> {
    if (!(await managesSites(viewer))) throw forbidden(PRODUCT_MESSAGES.noWebsiteManage)
    const [row] = await db
      .select()
      .from(businesses)
      .where(and(where, eq(businesses.accountId, viewer.accountId)))
    if (!row) throw forbidden(PRODUCT_MESSAGES.businessNotFound)
    return row
  }

  const ownedById = (viewer: Viewer, businessId: number) => owned(viewer, eq(businesses.id, businessId))
  const ownedByDomain = (viewer: Viewer, secondDomain: string) =>
    owned(viewer, eq(businesses.secondDomain, secondDomain))

  /** GET /api/pc/checkBusinessBind: 1 when the domain's business belongs to the viewer, else 0. */
  async function isBound(viewer: Viewer, secondDomain: string): Promise<0 | 1> {
    if (!(await managesSites(viewer))) return 0
    const [row] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.secondDomain, secondDomain), eq(businesses.accountId, viewer.accountId)))
    return row ? 1 : 0
  }

  /** GET /api/pc/getRenewSkuId: a renewal buys the business's own SKU again. */
  async function renewSkuId(viewer: Viewer, businessId: number): Promise<string> {
    return (await ownedById(viewer, businessId)).skuId
  }

  /**
   * GET /api/pc/checkUnPaidOrder (doc2 §8): 200 = no unpaid renewal, go and confirm a new one;
   * 300 = one is waiting, pay that one (its orderCode).
   */
  async function unpaidRenewal(viewer: Viewer, businessId: number): Promise<UnpaidCheck> {
    await ownedById(viewer, businessId)
    // A batch renewal is paid from the order list by the main account; a sub-admin may
    // not follow it, so GenerateOrder refuses its single renewal with the reason instead.
    const [order] = (await unpaidRenewalsOf(db, [businessId], now())).filter(
      (pending) => !pending.batch || viewer.role === ROLE.main,
    )
    return order ? { status: 300, orderCode: order.orderCode } : { status: 200 }
  }

  /** GET /api/pc/getAddressByProjectStatus: the delivery centre of a site ('' = none yet). */
  async function deliveryAddress(viewer: Viewer, secondDomain: string): Promise<DeliveryAddress> {
    return { address: (await ownedByDomain(viewer, secondDomain)).deliveryAddress }
  }

  /**
   * GET /api/pc/miandenglu: a sign-in link to the product backend, valid once for a minute (the
   * reference server's backend is the sandbox page /__dev/products/backend).
   */
  async function backendSignIn(
    viewer: Viewer,
    businessId: number,
    tag: string,
    origin: string,
  ): Promise<BackendSignIn> {
    const business = await ownedById(viewer, businessId)
    if (business.status === BUSINESS_STATUS.opening) throw invalid(PRODUCT_MESSAGES.opening)
    if (business.showHoutai !== 1 || business.status === BUSINESS_STATUS.refunded) {
      throw invalid(PRODUCT_MESSAGES.noBackend)
    }
    const ticket = newToken()
    await db
      .update(businesses)
      .set({
        backendTicketHash: hashToken(ticket),
        backendTicketExpiresAt: later(now(), BACKEND_TICKET_TTL_MS),
      })
      .where(eq(businesses.id, businessId))
    const query = new URLSearchParams({ ticket, tag })
    return { url: `${origin}/__dev/products/backend?${query}` }
  }

  /** The sandbox backend takes a ticket once: a second use, or a late one, is refused. */
  async function useBackendTicket(ticket: string): Promise<BusinessRow> {
    const [row] = await db
      .update(businesses)
      .set({ backendTicketHash: null, backendTicketExpiresAt: null })
      .where(
        and(
          eq(businesses.backendTicketHash, hashToken(ticket)),
          gt(businesses.backendTicketExpiresAt, now()),
        ),
      )
      .returning()
    if (!row) throw forbidden(PRODUCT_MESSAGES.ticketInvalid)
    return row
  }

  /**
   * GET /api/feignOrder/selectBusinessIsOpen: true once the business the (paid) order opened is
   * no longer 开通中. Only orders the viewer may follow are answered (order-access.ts); any other
   * code gets the same refusal as a missing one.
   */
  async function isOpen(viewer: Viewer, orderCode: string): Promise<boolean> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.orderCode, orderCode), eq(orders.accountId, viewer.accountId)))
    if (!order || !(await mayFollowOrder(db, viewer, order))) throw orderMissing()
    if (order.status !== ORDER_STATUS.paid || !order.businessId) return false
    await settle(viewer.accountId)
    const [business] = await db
      .select({ status: businesses.status })
      .from(businesses)
      .where(eq(businesses.id, order.businessId))
    return Boolean(business) && business!.status !== BUSINESS_STATUS.opening
  }

  /**
   * Development sandbox (e2e, API tests): a paid one-year purchase of `skuId` for the viewer's
   * account, fulfilled as the payment service does; its business opens SETTLE_MS later.
   */
  async function sandboxPurchase(viewer: Viewer, skuId: string, secondDomain: string) {
    const sku = findSku(skuId)
    const price = priceOf(skuId, 1)
    if (!sku || price === undefined) throw invalid(PRODUCT_MESSAGES.businessNotFound)
    const at = now()
    const orderCode = `SB${at.getTime()}${Math.floor(Math.random() * 1e6)}`
    return db.transaction(async (tx) => {
      const order = await insertOrder(tx, {
        orderCode,
        accountId: viewer.accountId,
        skuId,
        productName: sku.ProductName,
        productVersion: sku.ProductTypeName,
        productType: sku.productType,
        orderType: ORDER_TYPE.purchase,
        secondDomain,
        status: ORDER_STATUS.paid,
        originalAmount: price.toFixed(2),
        payAmount: price.toFixed(2),
        createdAt: at,
        payTime: at,
      })
      await fulfilment.fulfilOrder(tx, order)
      return { orderCode }
    })
  }

  return {
    sandboxPurchase,
    page,
    siteList,
    isBound,
    renewSkuId,
    unpaidRenewal,
    deliveryAddress,
    backendSignIn,
    useBackendTicket,
    isOpen,
    settle,
  }
}

export type ProductService = ReturnType<typeof createProductService>
