// The renewal centre's rules ("续费管理" and "Batch renewal"): how days left read, the
// filters, which products may be chosen and why not, the cycle offered first, the displayed total
// and the batch order's body. The server prices and refuses by the same facts; these only show them.
import type { BuyCyclePrice } from '../../core/contract/checkout'
import {
  RENEWAL_FILTERS,
  RENEWAL_MESSAGES,
  RENEWAL_MODE,
  RENEWAL_MODE_LABEL,
  type BatchRenewalRequest,
  type RenewalFilter,
  type RenewalItem,
  type RenewalListQuery,
  type RenewalMode,
} from '../../core/contract/renewal'
import { yuan } from '../../core/format/money'
import { withQuery } from '../../core/routing/url'

export { RENEWAL_MESSAGES, RENEWAL_MODE, RENEWAL_MODE_LABEL }
export type { RenewalFilter, RenewalMode }

export const RENEWAL_PATH = '/renewal'
export const MODE_SAVED = '设置成功'
/** Asked before 到期不续: what the customer gives up (one final notice, then the service stops). */
export const NO_RENEW_CONFIRM = '设为到期不续后，到期前仅在3天前提醒一次，到期后产品将停止服务。'
export const RENEWAL_EMPTY_TEXT = '暂无产品'
export const RENEWAL_NO_MATCH_TEXT = '没有符合条件的产品'

export const RENEWAL_FILTER_LABEL: Record<RenewalFilter, string> = {
  30: '30天内到期',
  60: '60天内到期',
  90: '90天内到期',
  expired: '已过期',
  noRenew: '到期不续',
  all: '全部',
}

/**
 * 全部 first: a customer opening the page from the navigation expects every product, the most
 * urgent on top (the list is sorted by expiry); the day filters narrow it.
 */
export const DEFAULT_RENEWAL_FILTER: RenewalFilter = 'all'
export const RENEWAL_FILTER_OPTIONS = RENEWAL_FILTERS.map((value) => ({
  value,
  label: RENEWAL_FILTER_LABEL[value],
}))

/** A filter from the address (/renewal?filter=30), else the default. */
export function parseRenewalFilter(value: string | undefined): RenewalFilter {
  return (RENEWAL_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as RenewalFilter)
    : DEFAULT_RENEWAL_FILTER
}

/** The longest keyword the server searches by. */
export const RENEWAL_KEYWORD_MAX = 64

/** The list's query: the filter, and the keyword only when one was typed (trimmed). */
export function renewalQuery(filter: RenewalFilter, keyword: string): RenewalListQuery {
  const typed = keyword.trim()
  return typed ? { filter, keyword: typed } : { filter }
}

/** 剩余 N 天 / 今日到期 / 已过期 N 天; '--' for a product without an expiry. */
export function daysLeftLabel(daysLeft: number | null): string {
  if (daysLeft === null) return '--'
  if (daysLeft > 0) return `剩余 ${daysLeft} 天`
  if (daysLeft === 0) return '今日到期'
  return `已过期 ${-daysLeft} 天`
}

export type ExpiryTone = 'expired' | 'urgent' | 'soon' | 'normal'

/**
 * The colour of the days left: expired (the list shows expired products only within the 7-day
 * grace, GRACE_DAYS), urgent (within 7 days), soon (within 30), else normal.
 */
export function expiryTone(daysLeft: number | null): ExpiryTone {
  if (daysLeft === null) return 'normal'
  if (daysLeft < 0) return 'expired'
  if (daysLeft <= 7) return 'urgent'
  return daysLeft <= 30 ? 'soon' : 'normal'
}

/** Website name and product name, as the list names a product. */
export function renewalName(item: Pick<RenewalItem, 'websiteName' | 'productName'>): string {
  return [item.websiteName, item.productName].filter(Boolean).join(' ') || '--'
}

/** Earliest expiry first; products without one last; ties by id so the order never jumps. */
export function sortByExpiry(items: readonly RenewalItem[]): RenewalItem[] {
  const time = (item: RenewalItem) => (item.expireTime ? Date.parse(item.expireTime) : Infinity)
  return [...items].sort((a, b) => time(a) - time(b) || a.businessId - b.businessId)
}

export type Choosable = { ok: true } | { ok: false; reason: string; pendingOrderCode?: string }

/**
 * Whether a product may join a batch renewal: not while it is in an unpaid renewal (its order is
 * paid or voided first), not when the server says why not, not without a cycle to sell.
 */
export function choosable(item: RenewalItem): Choosable {
  if (item.pendingOrderCode)
    return { ok: false, reason: RENEWAL_MESSAGES.pendingRenewal, pendingOrderCode: item.pendingOrderCode }
  if (item.refusal) return { ok: false, reason: item.refusal }
  if (!item.cycles.length) return { ok: false, reason: RENEWAL_MESSAGES.notRenewable }
  return { ok: true }
}

export const isChoosable = (item: RenewalItem) => choosable(item).ok

/** The cycle offered first: the shortest the SKU sells (as the confirm page), null when none. */
export function defaultRenewalCycle(cycles: readonly BuyCyclePrice[]): number | null {
  return cycles.length ? Math.min(...cycles.map((c) => c.BuyCycle)) : null
}

/** A cycle as chosen: "1年 ¥1980.00". */
export const cycleOptionLabel = (cycle: BuyCyclePrice) => `${cycle.BuyCycle}年 ${yuan(cycle.Price)}`

/** The products chosen and the cycle of each (businessId → years). */
export type RenewalSelection = ReadonlyMap<number, number>

/**
 * The selection's total in yuan, for display only: the server prices the order from its own SKU
 * table. Products no longer in the list or no longer choosable count for nothing.
 */
export function selectionTotal(items: readonly RenewalItem[], selection: RenewalSelection): number {
  const cents = items.reduce((sum, item) => {
    const cycle = selection.get(item.businessId)
    if (cycle === undefined || !isChoosable(item)) return sum
    const price = item.cycles.find((c) => c.BuyCycle === cycle)?.Price ?? 0
    return sum + Math.round(price * 100)
  }, 0)
  return cents / 100
}

/** The selection kept to what the list still shows as choosable, with a cycle its SKU still offers. */
export function keptSelection(items: readonly RenewalItem[], selection: RenewalSelection): RenewalSelection {
  const kept = new Map<number, number>()
  for (const item of items) {
    const cycle = selection.get(item.businessId)
    if (cycle === undefined || !isChoosable(item)) continue
    const offered = item.cycles.some((c) => c.BuyCycle === cycle)
    const fallback = defaultRenewalCycle(item.cycles)
    if (offered) kept.set(item.businessId, cycle)
    else if (fallback !== null) kept.set(item.businessId, fallback)
  }
  return kept
}

/** Every choosable product of the list chosen (with its chosen or default cycle), or none. */
export function selectAll(
  items: readonly RenewalItem[],
  selection: RenewalSelection,
  checked: boolean,
): RenewalSelection {
  if (!checked) return new Map()
  const all = new Map<number, number>()
  for (const item of items.filter(isChoosable)) {
    const cycle = selection.get(item.businessId) ?? defaultRenewalCycle(item.cycles)
    if (cycle !== null) all.set(item.businessId, cycle)
  }
  return all
}

/** The batch order's body: the chosen products in list order, each with its cycle; no price. */
export function batchRenewalBody(
  items: readonly RenewalItem[],
  selection: RenewalSelection,
): BatchRenewalRequest {
  const kept = keptSelection(items, selection)
  return {
    items: items
      .filter((item) => kept.has(item.businessId))
      .map((item) => ({ businessId: item.businessId, buyCycle: kept.get(item.businessId) as number })),
  }
}

/** The payment page of an order (the batch order, or the unpaid renewal a product is in). */
export const renewalPayPath = (orderCode: string) => withQuery('/orderByPlay', { orderCode })

/** The other setting, the one a product's switch offers. */
export const otherMode = (mode: RenewalMode): RenewalMode =>
  mode === RENEWAL_MODE.noRenew ? RENEWAL_MODE.remind : RENEWAL_MODE.noRenew

/** The in-place switch of a product's setting, by its current setting. */
export const MODE_ACTION_LABEL: Record<RenewalMode, string> = {
  [RENEWAL_MODE.remind]: '设为到期不续',
  [RENEWAL_MODE.noRenew]: '恢复提醒续费',
}

/** Only 到期不续 is asked first: it stops the reminders. Going back to reminders is not. */
export const modeChangeNeedsConfirm = (next: RenewalMode) => next === RENEWAL_MODE.noRenew
