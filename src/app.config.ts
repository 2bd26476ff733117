import { weappPages } from './core/routing/routes'

const { pages, subPackages } = weappPages()

export default defineAppConfig({
  pages,
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#1d2b50',
    navigationBarTitleText: '会员中心',
    navigationBarTextStyle: 'white',
  },
})
