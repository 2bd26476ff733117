// Which orders a business on /index takes (account-area §4 product status and home list): the home
// list shows 续费 / 升级 / 重新购买 by this table, and the server accepts a renewal, an upgrade or a
// buy-new order (ConfirmOrder, GenerateOrder, payment, fulfilment) only where the same table shows it.
import { CHANNEL } from '../contract/orders'
import { BUSINESS_STATUS } from '../contract/products'

/** An order on an existing business: 续费, 升级, or 重新购买 on its domain. */
export type BusinessOrderKind = 'renew' | 'upgrade' | 'buyNew'

export interface BusinessStanding {
  status: number
  /** With status 4: 1 still inside the renewal window, 0 past it. */
  isExpire: number
}

export interface BusinessStandingWithChannel extends BusinessStanding {
  channel: number
  /** 0: bought through the cloud marketplace. */
  newOrder: number
}

/**
 * The button table: upgrade unless 4 or 5; renew hidden for 5 and for 4 with isExpire 0; buy-new
 * for exactly those two. 开通中 shows the buttons disabled (checked separately).
 */
export function shownOrders({ status, isExpire }: BusinessStanding): Record<BusinessOrderKind, boolean> {
  const refunded = status === BUSINESS_STATUS.refunded
  const pastRenewal = status === BUSINESS_STATUS.expired && isExpire === 0
  return {
    upgrade: status !== BUSINESS_STATUS.expired && !refunded,
    renew: !refunded && !pastRenewal,
    buyNew: refunded || pastRenewal,
  }
}

/** account-area §4: channels 1740 and 1723 renew on the partners' pages. */
export const PARTNER_RENEWAL_CHANNELS: readonly number[] = [CHANNEL.partnerA, CHANNEL.partnerB]

export const BUSINESS_ORDER_MESSAGES = {
  opening: '产品开通中，请稍后再试',
  renewRefunded: '该产品已退款，无法续费，请重新购买',
  renewLapsed: '该产品已超过续费期限，无法续费，请重新购买',
  renewPartner: '该产品需前往合作伙伴页面续费',
  renewMarketplace: '该产品需前往云市场续费',
  upgradeExpired: '该产品已过期，无法升级，请先续费',
  upgradeRefunded: '该产品已退款，无法升级',
  buyNewInService: '该产品仍在服务期内，无需重新购买',
} as const

/**
 * Why this business does not take an order of this kind through our own checkout, or null when it
 * does. Renewal also goes elsewhere for the partner channels and marketplace businesses (newOrder 0).
 */
export function businessOrderRefusal(
  kind: BusinessOrderKind,
  business: BusinessStandingWithChannel,
): string | null {
  const M = BUSINESS_ORDER_MESSAGES
  if (business.status === BUSINESS_STATUS.opening) return M.opening
  const refunded = business.status === BUSINESS_STATUS.refunded
  if (!shownOrders(business)[kind]) {
    if (kind === 'renew') return refunded ? M.renewRefunded : M.renewLapsed
    if (kind === 'upgrade') return refunded ? M.upgradeRefunded : M.upgradeExpired
    return M.buyNewInService
  }
  if (kind === 'renew' && PARTNER_RENEWAL_CHANNELS.includes(business.channel)) return M.renewPartner
  if (kind === 'renew' && business.newOrder === 0) return M.renewMarketplace
  return null
}

/**
 * An upgrade is priced for what is left of the business's term (server/services/checkout/catalog.ts
 * upgradePrice), not in whole years: its one buy cycle is 0, shown as 剩余服务期.
 */
export const UPGRADE_BUY_CYCLE = 0
export const REMAINING_TERM_LABEL = '剩余服务期'

/** A buy cycle as the user reads it: "2年", or 剩余服务期 for an upgrade. */
export const buyCycleLabel = (cycle: number, payMethod: string) =>
  cycle === UPGRADE_BUY_CYCLE ? REMAINING_TERM_LABEL : `${cycle}${payMethod || '年'}`
