// Header rules (spec account-area §2, §6): which tabs and menu items a viewer sees, badge text.
// Links to pages not in the route table are left out.
import { isMainAccount } from '../../core/routing/guard'
import { findRoute, ROUTES, type RouteDef } from '../../core/routing/routes'

export interface NavLink {
  label: string
  path: string
}

const TABS: (NavLink & { mainAccountOnly?: boolean })[] = [
  { label: '产品管理', path: '/index' },
  { label: '订单管理', path: '/orderlist', mainAccountOnly: true },
]

const MENU_ITEMS: NavLink[] = [
  { label: '账户管理', path: '/accountManage' },
  { label: '子账号管理', path: '/subAccountManage' },
]

export const BADGE_MAX = 99

function available(link: NavLink, routes: readonly RouteDef[]) {
  return Boolean(findRoute(link.path, routes))
}

export function headerTabs(role: number, routes: readonly RouteDef[] = ROUTES): NavLink[] {
  return TABS.filter((tab) => (!tab.mainAccountOnly || isMainAccount(role)) && available(tab, routes)).map(
    ({ label, path }) => ({ label, path }),
  )
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
