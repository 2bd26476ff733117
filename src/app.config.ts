import { weappPages } from './core/routing/routes'

const { pages, subPackages } = weappPages()

// Set only by scripts/build-native-components.mjs: `taro build native-components` builds these
// entries (comma-separated, e.g. native/wechat-login/index) as stand-alone custom components for tests.
const nativeComponents = process.env.MC_NATIVE_COMPONENTS

export default defineAppConfig({
  pages,
  subPackages,
  ...(nativeComponents ? { components: nativeComponents.split(',') } : {}),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#1d2b50',
    navigationBarTitleText: '会员中心',
    navigationBarTextStyle: 'white',
  },
})
