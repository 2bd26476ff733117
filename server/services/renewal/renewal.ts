// The renewal centre: the account's products by expiry, the renewal setting of
// each, and one order renewing several products. Main account only (the routes' guard). Prices come
// from the catalogue alone; a batch is checked on the locked business rows, so two batches (or a
// batch and a single renewal, checkout.ts) cannot both take one product.
import { and, asc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  RENEWAL_MESSAGES,
  RENEWAL_MODE,
  RENEWAL_MODE_LABEL,
  type BatchRenewalAnswer,
  type BatchRenewalItem,
  type BatchRenewalRequest,
  type RenewalItem,
  type RenewalListQuery,
  type RenewalMode,
} from '../../../src/core/contract/renewal'
import { CHANNEL, ORDER_STATUS, ORDER_TYPE } from '../../../src/core/contract/orders'
import { BUSINESS_STATUS } from '../../../src/core/contract/products'
import { businessOrderRefusal } from '../../../src/core/validation/business-orders'
import { later, type AppContext } from '../../context'
import { businesses } from '../../db/schema'
import { invalid, sessionEnded } from '../shared/errors'
import type { RoleService } from '../shared/roles'
import { findSku, priceOf } from '../checkout/catalog'
import { newOrderCode, PAY_WINDOW_MS } from '../checkout/checkout'
import type { BusinessRow, Executor } from '../checkout/fulfilment'
import { insertOrder, linesOfOrder, paymentLineOf } from '../orders/order-lines'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { unpaidRenewalsOf } from '../orders/pending-renewals'
import {
  batchSummary,
  daysLeft,
  fenToYuanText,
  filterWindow,
  RENEWAL_LIST_LIMIT,
  selectionRefusal,
  yuanToFen,
} from './rules'

/** LIKE text with its wildcards taken literally. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const isRenewalMode = (mode: number): mode is RenewalMode =>
  (Object.values(RENEWAL_MODE) as number[]).includes(mode)

export function createRenewalService(
  ctx: AppContext,
  { operateLog, roles }: { operateLog: OperateLog; roles: RoleService },
) {
  const { db, now } = ctx

  /** Listed: a term to renew. Not opening (no term yet), refunded, or lapsed past its grace. */
  const listed = and(
    ne(businesses.status, BUSINESS_STATUS.opening),
    ne(businesses.status, BUSINESS_STATUS.refunded),
    or(ne(businesses.status, BUSINESS_STATUS.expired), ne(businesses.isExpire, 0)),
  )

  /** GET /api/renewal/products: by expiry (none last), at most RENEWAL_LIST_LIMIT. */
  async function list(viewer: Viewer, query: RenewalListQuery): Promise<RenewalItem[]> {
    const at = now()
    const window = filterWindow(query.filter ?? 'all', at)
    const conditions: (SQL | undefined)[] = [eq(businesses.accountId, viewer.accountId), listed]
    if (window.expiresAfter) conditions.push(gt(businesses.expireTime, window.expiresAfter))
    if (window.expiresBefore) conditions.push(lt(businesses.expireTime, window.expiresBefore))
    if (window.noRenew) conditions.push(eq(businesses.renewalMode, RENEWAL_MODE.noRenew))
    const keyword = query.keyword?.trim()
    if (keyword) {
      const pattern = literal(keyword)
      conditions.push(
        or(
          ilike(businesses.productName, pattern),
          ilike(businesses.websiteName, pattern),
          ilike(businesses.secondDomain, pattern),
          ilike(businesses.realSecondDomain, pattern),
        ),
      )
    }
    const rows = await db
      .select()
      .from(businesses)
      .where(and(...conditions))
      .orderBy(sql`${businesses.expireTime} asc nulls last`, asc(businesses.id))
      .limit(RENEWAL_LIST_LIMIT)
    // Newest first: the first one found for a product is the one to pay.
    const pending = await unpaidRenewalsOf(
      db,
      rows.map((row) => row.id),
      at,
    )
    const pendingCode = (id: number) => pending.find((order) => order.businessId === id)?.orderCode ?? null
    return rows.map((row) => itemOf(row, at, pendingCode(row.id)))
  }

  function itemOf(row: BusinessRow, at: Date, pendingOrderCode: string | null): RenewalItem {
    const sku = findSku(row.skuId)
    return {
      businessId: row.id,
      productName: row.productName,
      productVersion: row.productVersion,
      websiteName: row.websiteName,
      secondDomain: row.secondDomain,
      productType: row.productType,
      status: row.status,
      expireTime: row.expireTime?.toISOString() ?? null,
      daysLeft: daysLeft(row.expireTime, at),
      renewalMode: isRenewalMode(row.renewalMode) ? row.renewalMode : RENEWAL_MODE.remind,
      cycles: sku?.BuyCyclePriceList ?? [],
      refusal: businessOrderRefusal('renew', row) ?? (sku ? '' : RENEWAL_MESSAGES.notRenewable),
      pendingOrderCode,
    }
  }

  /** POST /api/renewal/mode: 提醒后手动续费 or 到期不续, written to the operation log. */
  async function setMode(
    viewer: Viewer,
    input: { businessId: number; mode: number },
    ip: string,
  ): Promise<void> {
    const { mode } = input
    if (!isRenewalMode(mode)) throw invalid(RENEWAL_MESSAGES.badMode)
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    await db.transaction(async (tx) => {
      const [business] = await tx
        .select()
        .from(businesses)
        .where(and(eq(businesses.id, input.businessId), eq(businesses.accountId, viewer.accountId)))
        .for('update')
      if (!business) throw invalid(RENEWAL_MESSAGES.notOwner)
      if (business.renewalMode === mode) return
      await tx.update(businesses).set({ renewalMode: mode }).where(eq(businesses.id, business.id))
      const name = business.websiteName || business.productName
      const content = `产品 ${name}（${business.secondDomain}）续费设置改为 ${RENEWAL_MODE_LABEL[mode]}`
      await operateLog.record(
        actor,
        { type: OPERATE_TYPE.renewalSetting, status: OPERATE_STATUS.success, content, ip },
        tx,
      )
    })
  }

  /**
   * The batch's businesses, locked in id order (as fulfilment locks them), each renewable now at a
   * cycle its SKU offers, and in no unpaid renewal: the lines priced from the catalogue.
   */
  async function pricedLines(tx: Executor, viewer: Viewer, items: BatchRenewalRequest['items']) {
    const owned = await tx
      .select()
      .from(businesses)
      .where(
        and(
          inArray(
            businesses.id,
            items.map((item) => item.businessId),
          ),
          eq(businesses.accountId, viewer.accountId),
        ),
      )
      .orderBy(asc(businesses.id))
      .for('update')
    const byId = new Map(owned.map((row) => [row.id, row]))
    const lines = items.map(({ businessId, buyCycle }) => {
      const business = byId.get(businessId)
      if (!business) throw invalid(RENEWAL_MESSAGES.notOwner)
      const refusal = businessOrderRefusal('renew', business)
      if (refusal) throw invalid(refusal)
      const sku = findSku(business.skuId)
      if (!sku) throw invalid(RENEWAL_MESSAGES.notRenewable)
      const price = priceOf(sku.SkuId, buyCycle)
      if (price === undefined) throw invalid(RENEWAL_MESSAGES.badCycle)
      return {
        businessId,
        skuId: sku.SkuId,
        productName: sku.ProductName,
        productVersion: sku.ProductTypeName,
        productType: sku.productType,
        secondDomain: business.secondDomain,
        cycleNum: buyCycle,
        payMethod: sku.PayMethod,
        amount: price.toFixed(2),
      }
    })
    if ((await unpaidRenewalsOf(tx, [...byId.keys()], now())).length) {
      throw invalid(RENEWAL_MESSAGES.pendingRenewal)
    }
    return lines
  }

  /** POST /api/renewal/batchOrder: one unpaid renewal order, a line per product. */
  async function batchOrder(
    viewer: Viewer,
    input: BatchRenewalRequest<Partial<BatchRenewalItem>>,
  ): Promise<BatchRenewalAnswer> {
    const refused = selectionRefusal(input.items)
    if (refused) throw invalid(refused)
    const items = input.items as BatchRenewalRequest['items']
    const order = await db.transaction(async (tx) => {
      const lines = await pricedLines(tx, viewer, items)
      const total = fenToYuanText(lines.reduce((sum, line) => sum + yuanToFen(line.amount), 0))
      const at = now()
      return insertOrder(
        tx,
        {
          ...batchSummary(lines),
          orderCode: newOrderCode(at),
          accountId: viewer.accountId,
          subAccountId: viewer.subAccountId || null,
          // A batch names its businesses in its lines only (fulfilment.ts isBatchRenewal).
          businessId: null,
          orderType: ORDER_TYPE.renewal,
          payMethod: '年',
          salesChannel: CHANNEL.direct,
          status: ORDER_STATUS.unpaid,
          originalAmount: total,
          payAmount: total,
          createdAt: at,
          payDeadline: later(at, PAY_WINDOW_MS),
        },
        lines,
      )
    })
    const lines = await linesOfOrder(db, order.id)
    return {
      orderCode: order.orderCode,
      totalAmount: order.payAmount,
      lines: lines.map((line) => paymentLineOf(order.orderCode, line)),
    }
  }

  return { list, setMode, batchOrder }
}

export type RenewalService = ReturnType<typeof createRenewalService>
