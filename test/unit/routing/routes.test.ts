import fs from 'node:fs'
import path from 'node:path'
import {
  findRoute,
  h5CustomRoutes,
  pageConfig,
  pagePath,
  ROUTES,
  weappPages,
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
      expect(pageConfig(routePath)).toEqual({ navigationBarTitleText: route.title })
    },
  )

  it('refuses a path the table does not list', () => {
    expect(() => pageConfig('/nowhere')).toThrow(/no route \/nowhere/)
  })
})
