import { createLazyComponent } from './create.js'

export const ScrollView = /*#__PURE__*/ createLazyComponent('taro-scroll-view-core', () =>
  require('@tarojs/components/dist/components/taro-scroll-view-core.js').defineCustomElement(),
)
