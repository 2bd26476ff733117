import { defineCustomElementTaroPullToRefreshCore } from '../../../taro-patches/h5-components/pull-down-refresh'
import { pageConfig, ROUTES } from '../../../src/core/routing/routes'

// The H5 entry's definition of Taro's pull-down-refresh element (taro-patches/h5-components/pull-down-refresh.js)
// evaluates Stencil only when the app config has a page that pulls down to refresh.
const mockDefineElement = jest.fn()
jest.mock(
  '@tarojs/components/dist/components/taro-pull-to-refresh-core.js',
  () => ({ defineCustomElement: mockDefineElement }),
  {
    virtual: true,
  },
)
type AppConfig = {
  window?: { enablePullDownRefresh?: boolean }
  routes?: { enablePullDownRefresh?: boolean }[]
}
const setConfig = (config: AppConfig | undefined) => {
  ;(window as unknown as { __taroAppConfig?: AppConfig }).__taroAppConfig = config
}

beforeEach(() => mockDefineElement.mockClear())

describe("the H5 entry's pull-down-refresh element", () => {
  it('is not defined when no page pulls down to refresh', async () => {
    setConfig({ routes: [{}, { enablePullDownRefresh: false }] })
    await defineCustomElementTaroPullToRefreshCore()
    setConfig(undefined)
    await defineCustomElementTaroPullToRefreshCore()
    expect(mockDefineElement).not.toHaveBeenCalled()
  })

  it("is never asked for by the console's H5 pages", async () => {
    setConfig({ routes: ROUTES.map((route) => pageConfig(route.path, 'h5')) })
    await defineCustomElementTaroPullToRefreshCore()
    expect(mockDefineElement).not.toHaveBeenCalled()
  })

  it('is defined, from a chunk of its own, when a page or the whole app pulls down to refresh', async () => {
    setConfig({ routes: [{}, { enablePullDownRefresh: true }] })
    await defineCustomElementTaroPullToRefreshCore()
    setConfig({ window: { enablePullDownRefresh: true } })
    await defineCustomElementTaroPullToRefreshCore()
    expect(mockDefineElement).toHaveBeenCalledTimes(2)
  })
})
