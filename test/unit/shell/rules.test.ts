import { accountMenuItems, badgeText, headerTabs } from '../../../src/features/shell/rules'
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
