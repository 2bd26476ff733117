// Where 续费管理 is reached from: the console navigation, each product card on /index,
// every expiry notice; main account only, like /orderlist.
import { findRoute, pageConfig, ROUTES, weappPages } from '../../../../src/core/routing/routes'
import { offersRenewalCentre } from '../../../../src/features/notices/rules'
import { cardButtons, showsRenewalCentre } from '../../../../src/features/products/rules'
import { navItems } from '../../../../src/features/shell/rules'

describe('the /renewal route', () => {
  it('is titled 续费管理, main account only, a list page in its own subpackage', () => {
    const route = findRoute('/renewal')
    expect(route).toMatchObject({
      page: 'index',
      subPackage: 'pages/renewal',
      mainAccountOnly: true,
      title: '续费管理',
      pullToRefresh: true,
    })
    expect(weappPages(ROUTES).subPackages).toContainEqual({ root: 'pages/renewal', pages: ['index'] })
    expect(pageConfig('/renewal', 'weapp')).toEqual({
      navigationBarTitleText: '续费管理',
      enablePullDownRefresh: true,
    })
  })
})

describe('the console navigation', () => {
  const labels = (role: number) => navItems(role, ROUTES).map((i) => i.label)

  it('offers 续费管理 to the main account, after 订单管理', () => {
    expect(labels(0).slice(0, 3)).toEqual(['产品管理', '订单管理', '续费管理'])
  })

  it('does not offer it to a sub-admin', () => {
    expect(labels(1)).not.toContain('续费管理')
  })
})

describe('the product card on /index', () => {
  const card = (status: number, isExpire = 1) => ({
    source: 1,
    status,
    isExpire,
    showHoutai: 1,
    isNeedDeliver: 0,
    canUpgrade: 1,
  })

  it('links 续费管理 beside 续费, for the main account', () => {
    expect(showsRenewalCentre(cardButtons(card(1)), 0)).toBe(true)
    expect(showsRenewalCentre(cardButtons(card(4, 1)), 0)).toBe(true)
  })

  it('not to a sub-admin, nor where 续费 is not shown or not usable (开通中, refunded, lapsed)', () => {
    expect(showsRenewalCentre(cardButtons(card(1)), 1)).toBe(false)
    expect(showsRenewalCentre(cardButtons(card(0)), 0)).toBe(false)
    expect(showsRenewalCentre(cardButtons(card(5)), 0)).toBe(false)
    expect(showsRenewalCentre(cardButtons(card(4, 0)), 0)).toBe(false)
  })
})

describe('expiry notices', () => {
  it.each([5, 6, 7, 59, 60, 61, 27, 28, 29, 65, 66, 67])(
    'a notice of type %i offers 续费管理 to the main account',
    (type) => {
      expect(offersRenewalCentre(type, 0)).toBe(true)
      expect(offersRenewalCentre(String(type), 0)).toBe(true)
    },
  )

  it('not to a sub-admin, and not on other notices', () => {
    expect(offersRenewalCentre(5, 1)).toBe(false)
    for (const type of [2, 3, 4, 9, 20, 68, null]) expect(offersRenewalCentre(type, 0)).toBe(false)
  })
})
