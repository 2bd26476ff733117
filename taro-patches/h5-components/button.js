import { createLazyComponent } from './create.js'

export const Button = /*#__PURE__*/ createLazyComponent('taro-button-core', () =>
  require('@tarojs/components/dist/components/taro-button-core.js').defineCustomElement(),
)
