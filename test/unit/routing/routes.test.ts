import fs from 'node:fs'
import path from 'node:path'
import {
  findRoute,
  h5CustomRoutes,
  pageConfig,
  pagePath,
  ROUTES,
  shareAllowed,
  weappPages,
  weappPreload,
} from '../../../src/core/routing/routes'
import { SPEC_ROUTES } from './spec-routes'

describe('the route table', () => {
  it('gives every H5 custom route as an array (a plain string renders blank)', () => {
    const custom = h5CustomRoutes(SPEC_ROUTES)
    expect(custom['pages/index/index']).toEqual(['/index', '/'])
    expect(custom['orders/pages/orderlist/index']).toEqual(['/orderlist'])
    for (const value of Object.values(custom)) expect(Array.isArray(value)).toBe(true)
  })

  it('splits weapp pages into the main package and subpackages', () => {
    const { pages, subPackages } = weappPages(SPEC_ROUTES)
    expect(pages[0]).toBe('pages/index/index')
    expect(pages).not.toContain('pages/orderlist/index')
    expect(subPackages).toEqual([
      { root: 'orders', pages: ['pages/orderlist/index'] },
      { root: 'workorders', pages: ['pages/my/index'] },
    ])
  })

  it('preloads, from the home, the subpackages of the pages opened next (app.json preloadRule)', () => {
    expect(weappPreload('/index', ['/orderlist', '/myWorkOrder', '/noticesDetail'])).toEqual({
      'pages/index/index': {
        network: 'all',
        packages: ['pages/orderlist', 'workorders', 'notices'],
      },
    })
    // Main-package pages need no preloading; an unknown page gives no rule.
    expect(weappPreload('/index', ['/notices'])).toEqual({})
    expect(weappPreload('/missing', ['/orderlist'])).toEqual({})
  })

  it('finds a route by spec URL, alias or Taro page path', () => {
    expect(findRoute('/login')?.page).toBe('pages/login/index')
    expect(findRoute('/')?.path).toBe('/index')
    expect(findRoute('/pages/login/index')?.path).toBe('/login')
    expect(findRoute('/orders/pages/orderlist/index', SPEC_ROUTES)?.path).toBe('/orderlist')
    expect(findRoute('/login?redirect=/index')?.path).toBe('/login')
    expect(findRoute('/missing')).toBeUndefined()
  })

  it('lists only pages that exist in src/pages', () => {
    const fs = jest.requireActual<typeof import('node:fs')>('node:fs')
    for (const route of ROUTES) {
      const base = `${__dirname}/../../../src/${route.subPackage ? route.subPackage + '/' : ''}${route.page}`
      expect(fs.existsSync(`${base}.tsx`)).toBe(true)
    }
  })
})

describe('page titles come from the route table', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s: its index.config.ts asks pageConfig for its own path',
    (routePath, route) => {
      const file = path.join('src', `${pagePath(route)}.config.ts`)
      expect(fs.readFileSync(file, 'utf8')).toContain(`pageConfig('${routePath}')`)
      expect(pageConfig(routePath, 'h5')).toEqual({ navigationBarTitleText: route.title })
    },
  )

  it('refuses a path the table does not list', () => {
    expect(() => pageConfig('/nowhere')).toThrow(/no route \/nowhere/)
  })
})

describe('native page behaviour comes from the route table', () => {
  const LISTS = ['/index', '/notices', '/log', '/orderlist', '/invoices', '/renewal', '/myWorkOrder']

  it('marks the list pages, and only them, for pull-to-refresh', () => {
    expect(ROUTES.filter((r) => r.pullToRefresh).map((r) => r.path)).toEqual(LISTS)
  })

  it.each(LISTS)('%s enables the pull-down in the mini-program only', (routePath) => {
    expect(pageConfig(routePath, 'weapp')).toMatchObject({ enablePullDownRefresh: true })
    expect(pageConfig(routePath, 'h5')).not.toHaveProperty('enablePullDownRefresh')
  })

  it('enables no pull-down on a page that is not a list', () => {
    for (const route of ROUTES.filter((r) => !r.pullToRefresh))
      expect(pageConfig(route.path, 'weapp')).toEqual({ navigationBarTitleText: route.title })
  })

  it('lets only shareable public pages keep the share menu', () => {
    expect(ROUTES.filter(shareAllowed).map((r) => r.path)).toEqual(['/login', '/agreement'])
    for (const route of ROUTES.filter((r) => !r.public)) expect(shareAllowed(route)).toBe(false)
    // A private page marked shareable by mistake still hides it; an unknown page hides it.
    expect(shareAllowed({ path: '/x', page: 'p', title: 't', shareable: true })).toBe(false)
    expect(shareAllowed(undefined)).toBe(false)
  })
})
