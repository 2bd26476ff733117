import { ROUTES } from '../../../src/core/routing/routes'
import {
  accountMenuItems,
  badgeText,
  headerBadges,
  headerTabs,
  navItems,
  PRIVACY_POLICY_PATH,
} from '../../../src/features/shell/rules'
import { findAgreement } from '../../../src/core/agreements/agreements'
import { splitUrl } from '../../../src/core/routing/url'
import { SPEC_ROUTES } from '../routing/spec-routes'

describe('common header (account-area §2, §6)', () => {
  it('shows 产品管理 and 订单管理 to the main account', () => {
    expect(headerTabs(0, SPEC_ROUTES).map((t) => t.label)).toEqual(['产品管理', '订单管理'])
  })

  it('hides 订单管理 from sub-accounts', () => {
    expect(headerTabs(1, SPEC_ROUTES).map((t) => t.label)).toEqual(['产品管理'])
  })

  it('leaves out links to pages not built yet', () => {
    expect(
      headerTabs(
        0,
        SPEC_ROUTES.filter((r) => r.path !== '/orderlist'),
      ).map((t) => t.label),
    ).toEqual(['产品管理'])
    expect(accountMenuItems(0, SPEC_ROUTES).map((i) => i.label)).toEqual(['账户管理'])
  })

  it('offers 子账号管理 to the main account only (a sub-account would be sent away from it)', () => {
    const routes = [
      ...SPEC_ROUTES,
      {
        path: '/subAccountManage',
        page: 'index',
        subPackage: 'pages/subAccountManage',
        mainAccountOnly: true,
        title: '子账号管理',
      },
    ]
    expect(accountMenuItems(0, routes).map((i) => i.label)).toEqual(['账户管理', '子账号管理'])
    expect(accountMenuItems(1, routes).map((i) => i.label)).toEqual(['账户管理'])
  })

  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99'],
    [5000, '99'],
  ])('badge for %i unread reads %j', (count, text) => expect(badgeText(count)).toBe(text))
})

describe('one navigation model for the H5 header and the mini-program bar', () => {
  const labels = (items: { label: string }[]) => items.map((i) => i.label)

  it('gives the main account 产品管理, 订单管理, 续费管理, 工单 and 消息, in that order', () => {
    expect(navItems(0, ROUTES).map(({ label, path, unread }) => ({ label, path, unread }))).toEqual([
      { label: '产品管理', path: '/index', unread: undefined },
      { label: '订单管理', path: '/orderlist', unread: undefined },
      { label: '续费管理', path: '/renewal', unread: undefined },
      { label: '工单', path: '/myWorkOrder', unread: 'workOrders' },
      { label: '消息', path: '/notices', unread: 'notices' },
    ])
  })

  it('gives a sub-admin no 订单管理 or 续费管理: the route table keeps them for the main account', () => {
    expect(labels(navItems(1, ROUTES))).toEqual(['产品管理', '工单', '消息'])
    expect(labels(navItems(2, ROUTES))).toEqual(['产品管理', '工单', '消息'])
  })

  it('follows the route table: an item whose route is not main-account-only is offered to everyone', () => {
    const open = ROUTES.map((r) => (r.path === '/orderlist' ? { ...r, mainAccountOnly: false } : r))
    expect(labels(navItems(1, open))).toContain('订单管理')
  })

  it('leaves out items whose page is not built', () => {
    const withoutWorkOrders = ROUTES.filter((r) => r.path !== '/myWorkOrder')
    expect(labels(navItems(0, withoutWorkOrders))).toEqual(['产品管理', '订单管理', '续费管理', '消息'])
  })

  it('splits into the header tabs (no badge) and the header badges', () => {
    expect(labels(headerTabs(0, ROUTES))).toEqual(['产品管理', '订单管理', '续费管理'])
    expect(headerBadges(0, ROUTES).map((b) => [b.label, b.unread, Boolean(b.newTabOnDesktop)])).toEqual([
      ['工单', 'workOrders', false],
      ['消息', 'notices', true],
    ])
    expect(labels(headerBadges(1, ROUTES))).toEqual(['工单', '消息'])
  })
})

describe('footer (doc2 §2 "Other")', () => {
  it('links the privacy policy of /agreement', () => {
    const { path, query } = splitUrl(PRIVACY_POLICY_PATH)
    expect(path).toBe('/agreement')
    expect(findAgreement(query.name)?.title).toBe('隐私政策')
  })
})
