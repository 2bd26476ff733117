// The renewal centre's pure rules: what each filter means in Beijing calendar days, how a
// batch selection is checked before anything is read, and how a batch order sums up its lines for
// the lists that show only the order.
import {
  BATCH_RENEWAL_MAX,
  GRACE_DAYS,
  RENEWAL_MESSAGES,
  type RenewalFilter,
} from '../../../src/core/contract/renewal'

/** Expiry days are Beijing calendar days (UTC+8, no daylight saving). */
const BEIJING_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 24 * 3_600_000

/** The list is bounded: an account has tens of products; past this many it shows the first by expiry. */
export const RENEWAL_LIST_LIMIT = 500

/** The pseudo SKU of a batch renewal order: its lines carry the real SKUs. */
export const BATCH_RENEWAL_SKU = 'BATCH-RENEWAL'
export const BATCH_RENEWAL_NAME = '批量续费'

/** The start (UTC instant) of the Beijing calendar day `days` after the one `at` falls on. */
export function beijingDayStart(at: Date, days = 0): Date {
  const day = Math.floor((at.getTime() + BEIJING_OFFSET_MS) / DAY_MS) + days
  return new Date(day * DAY_MS - BEIJING_OFFSET_MS)
}

/** Beijing calendar days from `at` to the expiry day: 0 on the day, negative once expired. */
export function daysLeft(expireTime: Date | null, at: Date): number | null {
  if (!expireTime) return null
  return Math.round((beijingDayStart(expireTime).getTime() - beijingDayStart(at).getTime()) / DAY_MS)
}

/** What a filter selects: expiry after / before (exclusive) these instants, or 到期不续 only. */
export interface FilterWindow {
  expiresAfter?: Date
  expiresBefore?: Date
  noRenew?: boolean
}

/**
 * '30' / '60' / '90': not expired yet and expiring by the end of the Nth Beijing day from today;
 * 'expired': expired, within the grace (today − 7 days or later); 'noRenew': marked 到期不续.
 */
export function filterWindow(filter: RenewalFilter, at: Date): FilterWindow {
  if (filter === 'all') return {}
  if (filter === 'noRenew') return { noRenew: true }
  if (filter === 'expired') {
    return {
      expiresAfter: new Date(beijingDayStart(at, -GRACE_DAYS).getTime() - 1),
      expiresBefore: new Date(at.getTime() + 1),
    }
  }
  return { expiresAfter: at, expiresBefore: beijingDayStart(at, Number(filter) + 1) }
}

/**
 * Why a batch selection is refused before any product is read, or null. The wire leaves an item's
 * fields optional (a form's gaps get these messages, not 非法参数).
 */
export function selectionRefusal(items: { businessId?: number; buyCycle?: number }[]): string | null {
  if (!items.length) return RENEWAL_MESSAGES.emptySelection
  if (items.length > BATCH_RENEWAL_MAX) return RENEWAL_MESSAGES.tooMany
  if (items.some((item) => item.businessId === undefined)) return RENEWAL_MESSAGES.emptySelection
  if (items.some((item) => item.buyCycle === undefined)) return RENEWAL_MESSAGES.badCycle
  const ids = new Set(items.map((item) => item.businessId))
  return ids.size === items.length ? null : RENEWAL_MESSAGES.duplicate
}

/** Yuan text with two decimals from whole fen (sums in fen, never in floating yuan). */
export const fenToYuanText = (fen: number) => (fen / 100).toFixed(2)
export const yuanToFen = (yuan: number | string) => Math.round(Number(yuan) * 100)

/**
 * The order's own columns for a batch: 批量续费 · N个产品 in the lists, the lines' common product
 * type (0 when they differ: a contract names one kind of product) and their longest cycle.
 */
export function batchSummary(lines: { productType: number; cycleNum: number }[]) {
  const types = new Set(lines.map((line) => line.productType))
  return {
    skuId: BATCH_RENEWAL_SKU,
    productName: BATCH_RENEWAL_NAME,
    productVersion: `${lines.length}个产品`,
    productType: types.size === 1 ? lines[0]!.productType : 0,
    cycleNum: Math.max(...lines.map((line) => line.cycleNum)),
  }
}
