import { createLazyComponent } from './create.js'

export const Canvas = /*#__PURE__*/ createLazyComponent('taro-canvas-core', () =>
  require('@tarojs/components/dist/components/taro-canvas-core.js').defineCustomElement(),
)
