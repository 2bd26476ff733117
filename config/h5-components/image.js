import { createLazyComponent } from './create.js'

export const Image = /*#__PURE__*/ createLazyComponent('taro-image-core', () =>
  require('@tarojs/components/dist/components/taro-image-core.js').defineCustomElement(),
)
