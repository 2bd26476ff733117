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
  mode: RenewalMode
}

/** POST /api/renewal/batchOrder: a product and the cycle (years) chosen for it. */
export interface BatchRenewalRequest {
  items: { businessId: number; buyCycle: number }[]
}

/** The order created: paid through the payment page (/orderByPlay?orderCode=). */
export interface BatchRenewalAnswer {
  orderCode: string
  totalAmount: string
  lines: PaymentLine[]
}
