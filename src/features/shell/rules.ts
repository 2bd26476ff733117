// Navigation rules (spec account-area §2, §6): the one navigation model behind the H5 header and the
// mini-program bottom bar, the account menu, badge text. Links to pages not in the route table are left out.
import { agreementPath, PRIVACY_POLICY_NAME } from '../../core/agreements/paths'
import { isMainAccount } from '../../core/routing/guard'
import { findRoute, ROUTES, type RouteDef } from '../../core/routing/routes'

export interface NavLink {
  label: string
  path: string
}

/** Which unread count a navigation item carries as its badge (hooks/useUnreadCounts). */
export type UnreadKind = 'notices' | 'workOrders'

export interface NavItem extends NavLink {
  /** The badge's count; items without one are the header's tabs. */
  unread?: UnreadKind
  /** Desktop opens it in a new browser tab (account-area §2: the notice list). */
  newTabOnDesktop?: boolean
}

// The console's one navigation model: the H5 header draws the items without a badge as tabs and
// the others as badges; the mini-program's bottom bar draws all of them, then 账户.
const NAV_ITEMS: NavItem[] = [
  { label: '产品管理', path: '/index' },
  { label: '订单管理', path: '/orderlist' },
  // main account only, like 订单管理 (the route table says so).
  { label: '续费管理', path: '/renewal' },
  { label: '工单', path: '/myWorkOrder', unread: 'workOrders' },
  { label: '消息', path: '/notices', unread: 'notices', newTabOnDesktop: true },
]

const MENU_ITEMS: NavLink[] = [
  { label: '账户管理', path: '/accountManage' },
  { label: '子账号管理', path: '/subAccountManage' },
  { label: '发票管理', path: '/invoices' },
]

export const BADGE_MAX = 99

/**
 * The navigation a viewer is offered, in order: pages the route table has (pages not built are
 * left out) and may open (a main-account-only route, 订单管理, is not offered to a sub-account).
 */
export function navItems(role: number, routes: readonly RouteDef[] = ROUTES): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    const route = findRoute(item.path, routes)
    return route && (!route.mainAccountOnly || isMainAccount(role))
  })
}

/** The header's tabs: the navigation items without a badge. */
export function headerTabs(role: number, routes: readonly RouteDef[] = ROUTES): NavLink[] {
  return navItems(role, routes)
    .filter((item) => !item.unread)
    .map(({ label, path }) => ({ label, path }))
}

/** The header's badges: the navigation items with an unread count. */
export function headerBadges(role: number, routes: readonly RouteDef[] = ROUTES): NavItem[] {
  return navItems(role, routes).filter((item) => item.unread)
}

/** A sub-account is not offered pages the route table keeps for the main account (子账号管理, §6). */
export function accountMenuItems(role: number, routes: readonly RouteDef[] = ROUTES): NavLink[] {
  return MENU_ITEMS.filter((item) => {
    const route = findRoute(item.path, routes)
    return route && (!route.mainAccountOnly || isMainAccount(role))
  })
}

/** Badge text: hidden at 0, capped at 99. */
export function badgeText(count: number | null | undefined): string {
  if (!count || count < 0) return ''
  return String(Math.min(Math.floor(count), BADGE_MAX))
}

export const LOGOUT_CONFIRM = '确定退出？'

/** The footer's link: /agreement showing the privacy policy. */
export const PRIVACY_POLICY_PATH = agreementPath(PRIVACY_POLICY_NAME)
export const COPYRIGHT = '© 2026 会员中心'
