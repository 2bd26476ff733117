import { HOME_PATH, weappPages, weappPreload } from './core/routing/routes'

const { pages, subPackages } = weappPages()

// Set only by scripts/build-native-components.mjs: `taro build native-components` builds these
// entries (comma-separated, e.g. native/wechat-login/index) as stand-alone custom components for tests.
const nativeComponents = process.env.MC_NATIVE_COMPONENTS

export default defineAppConfig({
  pages,
  subPackages,
  // WeChat injects a component's code when a page first renders it, not all at start.
  lazyCodeLoading: 'requiredComponents',
  // What a user opens next from the home (orders, work orders, notices) downloads while idle.
  preloadRule: weappPreload(HOME_PATH, ['/orderlist', '/myWorkOrder', '/noticesDetail']),
  ...(nativeComponents ? { components: nativeComponents.split(',') } : {}),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#1d2b50',
    navigationBarTitleText: '会员中心',
    navigationBarTextStyle: 'white',
  },
})
