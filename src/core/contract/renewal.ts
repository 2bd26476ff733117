// The renewal centre on the wire (续费管理 /renewal): every product of the account by expiry, its
// renewal setting, and one order renewing several products. Prices are the server's (the catalogue);
// the client names products and cycles only.
import type { BuyCyclePrice, PaymentLine } from './checkout'

/** A product's renewal setting: reminded before expiry (default), or left to lapse. */
export const RENEWAL_MODE = { remind: 0, noRenew: 1 } as const
export type RenewalMode = (typeof RENEWAL_MODE)[keyof typeof RENEWAL_MODE]
export const RENEWAL_MODE_LABEL: Record<RenewalMode, string> = { 0: '提醒后手动续费', 1: '到期不续' }

/** The grace after expiry during which a product may still be renewed (account-area §9: 7 days). */
export const GRACE_DAYS = 7

/** The list's filters: expiring within N days, expired (in grace), marked 到期不续, everything. */
export const RENEWAL_FILTERS = ['30', '60', '90', 'expired', 'noRenew', 'all'] as const
export type RenewalFilter = (typeof RENEWAL_FILTERS)[number]

export const RENEWAL_MESSAGES = {
  emptySelection: '请选择要续费的产品',
  notOwner: '当前业务不属于当前账号，无法续费！',
  pendingRenewal: '该产品有未支付的续费订单，请先支付或作废该订单',
  badCycle: '所选续费时长不可用，请重新选择',
  duplicate: '同一产品只能选择一次',
  tooMany: '一次最多续费 50 个产品',
  badMode: '请选择续费方式',
  notRenewable: '该产品当前不可续费',
} as const

/** Products in one batch renewal at most. */
export const BATCH_RENEWAL_MAX = 50

/** GET /api/renewal/products query. */
export interface RenewalListQuery {
  filter?: RenewalFilter
  /** Matches the product or site name, or the domain. */
  keyword?: string
}

/** One product of the renewal centre. */
export interface RenewalItem {
  businessId: number
  productName: string
  productVersion: string
  websiteName: string
  /** The domain or node it runs on. */
  secondDomain: string
  /** 小程序 (3), 代维管家 (4), else a site. */
  productType: number
  status: number
  expireTime: string | null
  /** Beijing-time days from today to the expiry day: negative once expired. */
  daysLeft: number | null
  renewalMode: RenewalMode
  /** The cycles its SKU offers, priced by the server. */
  cycles: BuyCyclePrice[]
  /** Why it cannot be renewed here now ('' when it can): a channel, a status, a past grace. */
  refusal: string
  /** The unpaid renewal order it is already in, if any. */
  pendingOrderCode: string | null
}

/** POST /api/renewal/mode. */
export interface RenewalModeRequest {
  businessId: number
  /** RenewalMode; the server refuses any other number with 请选择续费方式, not 非法参数. */
  mode: number
}

/** A product of a batch renewal and the cycle (years) chosen for it. */
export interface BatchRenewalItem {
  businessId: number
  buyCycle: number
}

/**
 * POST /api/renewal/batchOrder. The server takes `BatchRenewalRequest<Partial<BatchRenewalItem>>`:
 * an item missing a field is refused with the selection's own message, not 非法参数.
 */
export interface BatchRenewalRequest<Item = BatchRenewalItem> {
  items: Item[]
}

/** The order created: paid through the payment page (/orderByPlay?orderCode=). */
export interface BatchRenewalAnswer {
  orderCode: string
  totalAmount: string
  lines: PaymentLine[]
}

/** Days before expiry (positive), the day itself (0) and the grace days after it (negative) reminded. */
export const REMINDER_THRESHOLDS = [30, 15, 7, 3, 1, 0, -1, -2, -3, -4, -5, -6, -7] as const
/** 到期不续: one final notice this many days before, nothing else. */
export const FINAL_NOTICE_THRESHOLD = 3

/**
 * account-area §9 gives site expiry or renewal 5-7 and 59-64, mini-program expiry 27-29 and 65-67;
 * which code says what (代维管家 and custom projects use the site codes; 62-64 are not used).
 */
export const EXPIRY_NOTICE_TYPE = {
  site: { early: 5, soon: 6, today: 7, grace: 59, final: 60, renewed: 61 },
  miniProgram: { early: 27, soon: 28, today: 29, grace: 65, final: 66, renewed: 67 },
} as const

/** A reminder's code: early = 30 and 15 days, soon = 7, 3 and 1, today = 0, grace = after expiry. */
export function expiryNoticeType(productType: number, threshold: number, final = false): number {
  const codes = productType === 3 ? EXPIRY_NOTICE_TYPE.miniProgram : EXPIRY_NOTICE_TYPE.site
  if (final) return codes.final
  if (threshold >= 15) return codes.early
  if (threshold > 0) return codes.soon
  return threshold === 0 ? codes.today : codes.grace
}
