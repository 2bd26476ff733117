import { createLazyComponent } from './create.js'

export const RichText = /*#__PURE__*/ createLazyComponent('taro-rich-text-core', () =>
  require('@tarojs/components/dist/components/taro-rich-text-core.js').defineCustomElement(),
)
