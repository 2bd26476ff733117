import { createLazyComponent } from './create.js'

export const Picker = /*#__PURE__*/ createLazyComponent('taro-picker-core', () =>
  require('@tarojs/components/dist/components/taro-picker-core.js').defineCustomElement(),
)
