// The product home's rules (account-area §3 product card, §4 product status and home list, §9):
// status labels, which buttons a card shows, where a renewal goes, and the post-purchase progress.
import { isMainAccount } from '../../core/routing/guard'
import { withQuery } from '../../core/routing/url'
import { CHANNEL, ORDER_TYPE } from '../../core/contract/orders'
import { BUSINESS_STATUS, type UnpaidCheck } from '../../core/contract/products'
import { shownOrders } from '../../core/validation/business-orders'

/** account-area §4: 0 opening … 6 upgrading; anything else is abnormal. */
export const PRODUCT_STATUS = BUSINESS_STATUS

const STATUS_LABELS: Record<number, string> = {
  0: '开通中',
  1: '有效',
  2: '已暂停',
  3: '已停止',
  4: '已过期',
  5: '已退款',
  6: '升级中',
}

export function productStatusLabel(status: number): string {
  return STATUS_LABELS[status] ?? '异常'
}

/** The home list's page size (account-area §9), on every screen width. */
export const PRODUCT_PAGE_SIZE = 4

/** The card fields the rules read. */
export interface CardState {
  source: number
  status: number
  isExpire: number
  showHoutai: number
  isNeedDeliver: number
  /** 0: already the top edition of its product (getProducts says so from the catalogue). */
  canUpgrade: number
}

/** account-area §4: source 1 is a product card, otherwise a site card. */
export function isProductCard(card: Pick<CardState, 'source'>): boolean {
  return card.source === 1
}

export interface CardButtons {
  /** 开通中: every button is shown disabled. */
  disabled: boolean
  upgrade: boolean
  /** Why 升级 is shown disabled, or null when it may go to the confirm page. */
  upgradeRefusal: string | null
  renew: boolean
  buyNew: boolean
  /** 登录后台 (miandenglu): products with a backend, not after a refund. */
  backend: boolean
  /** 交付中心: products the delivery centre delivers. */
  delivery: boolean
}

/** What ConfirmOrder answers for an upgrade from the top edition; the card says it before. */
export const TOP_EDITION_REFUSAL = '当前已是最高版本，无法升级'

/** Why a card cannot be upgraded: no higher edition of its product is sold. */
export function upgradeRefusal(card: Pick<CardState, 'canUpgrade'>): string | null {
  return card.canUpgrade === 0 ? TOP_EDITION_REFUSAL : null
}

/** 续费管理: the renewal centre, linked beside 续费. */
export const RENEWAL_CENTRE_PATH = '/renewal'

/**
 * Beside 续费 where it may be used (not while opening: the centre lists no term yet), for the main
 * account only: the route table sends a sub-admin away from /renewal.
 */
export function showsRenewalCentre(
  buttons: Pick<CardButtons, 'renew' | 'disabled'>,
  role: number | null | undefined,
) {
  return buttons.renew && !buttons.disabled && isMainAccount(role)
}

/** account-area §4, the home list's button table (the server accepts orders by the same table). */
export function cardButtons(card: CardState): CardButtons {
  const { status } = card
  const refunded = status === PRODUCT_STATUS.refunded
  const shown = shownOrders(card)
  return {
    disabled: status === PRODUCT_STATUS.opening,
    ...shown,
    upgradeRefusal: shown.upgrade ? upgradeRefusal(card) : null,
    backend: card.showHoutai === 1 && !refunded,
    delivery: card.isNeedDeliver === 1,
  }
}

/** Outside pages (doc2 §7 "external links"): the partners' renewal pages and the cloud marketplace. */
export const PARTNER_RENEWAL_URLS: Record<number, string> = {
  [CHANNEL.partnerA]: 'https://renew.partner-1723.example/renew',
  [CHANNEL.partnerB]: 'https://renew.partner-1740.example/renew',
}
export const MARKETPLACE_RENEWAL_URL = 'https://market.yunmeng.example/console/renew'

/** Order types of the confirm page (/order?OrderTypeId=). */
export { ORDER_TYPE }

export interface RenewalCard {
  channel: number
  newOrder: number
  secondDomain: string
}

export type RenewalTarget =
  /** An outside page, opened in a new tab (or copied in the mini-program). */
  | { kind: 'external'; url: string }
  /** The server must answer checkUnPaidOrder and getRenewSkuId first. */
  | { kind: 'check' }
  /** One of our pages. */
  | { kind: 'page'; path: string }

/**
 * account-area §4: channels 1740 and 1723 renew with the partners, newOrder 0 in the cloud
 * marketplace; otherwise checkUnPaidOrder decides: 200 → confirm a new renewal order, 300 → pay the
 * pending one.
 */
export function renewalTarget(card: RenewalCard, unpaid?: UnpaidCheck, renewSkuId?: string): RenewalTarget {
  const partner = PARTNER_RENEWAL_URLS[card.channel]
  if (partner) return { kind: 'external', url: withQuery(partner, { secondDomain: card.secondDomain }) }
  if (card.newOrder === 0)
    return { kind: 'external', url: withQuery(MARKETPLACE_RENEWAL_URL, { secondDomain: card.secondDomain }) }
  if (!unpaid) return { kind: 'check' }
  if (unpaid.status === 300 && unpaid.orderCode) {
    return { kind: 'page', path: withQuery('/orderByPlay', { orderCode: unpaid.orderCode }) }
  }
  return { kind: 'page', path: confirmOrderPath(renewSkuId ?? '', ORDER_TYPE.renewal, card.secondDomain) }
}

/** The confirm page for buying (1), renewing (2) or upgrading (3) the product of a site. */
export function confirmOrderPath(skuId: string, orderType: number, secondDomain: string): string {
  return withQuery('/order', { SkuId: skuId, OrderTypeId: String(orderType), secondDomain })
}

/** account-area §4, §9: after a purchase the bar fills by 2% a second for 50 s. */
export const OPENING_SECONDS = 50
export const OPENING_STEP_PERCENT = 2
/** How often selectBusinessIsOpen is asked meanwhile. */
export const OPENING_POLL_SECONDS = 3

export function openingPercent(elapsedSeconds: number): number {
  return Math.max(0, Math.min(100, Math.floor(elapsedSeconds) * OPENING_STEP_PERCENT))
}

export type OpeningPhase = 'opening' | 'opened' | 'timedOut'

/** Opened as soon as the server says so (the bar then fills); still opening after 50 s: timed out. */
export function openingPhase(elapsedSeconds: number, open: boolean): OpeningPhase {
  if (open) return 'opened'
  return elapsedSeconds >= OPENING_SECONDS ? 'timedOut' : 'opening'
}
