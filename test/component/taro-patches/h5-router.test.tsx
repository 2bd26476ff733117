import { createRouter as createTaroRouter } from '@tarojs/router'
import { createRouter, handleAppMount } from '../../../taro-patches/h5-router'

// What the H5 entry imports from the router (taro-patches/h5-router.js): the app mounts without Taro's
// navigation bar, and Taro's router starts in a task after the entry's.
jest.mock('@tarojs/router', () => ({ createRouter: jest.fn(), createBrowserHistory: jest.fn() }))

afterEach(() => {
  document.body.innerHTML = ''
  jest.useRealTimers()
})

describe('handleAppMount on H5', () => {
  it("classes the page's app container for Taro's router styles, and adds no navigation bar", () => {
    document.body.innerHTML = '<div id="app"></div>'
    handleAppMount({})
    expect(document.body.innerHTML).toBe('<div id="app" class="taro_router"></div>')
    expect(document.getElementById('taro-navigation-bar')).toBeNull()
  })

  it('creates the container when the page has none, under the configured id', () => {
    handleAppMount({ appId: 'console' })
    expect(document.body.children).toHaveLength(1)
    expect(document.body.firstElementChild).toMatchObject({ id: 'console', className: 'taro_router' })
  })
})

describe('createRouter on H5', () => {
  it("starts Taro's router one task later, with the entry's arguments", () => {
    jest.useFakeTimers()
    const args = [{ location: {} }, { app: true }, { router: {} }, { react: true }] as const
    createRouter(...(args as unknown as Parameters<typeof createRouter>))
    expect(createTaroRouter).not.toHaveBeenCalled()
    jest.runOnlyPendingTimers()
    expect(createTaroRouter).toHaveBeenCalledTimes(1)
    expect(createTaroRouter).toHaveBeenCalledWith(...args)
  })
})
