import { defineCustomElement } from '@tarojs/components/dist/components/taro-label-core.js'
import { createComponent } from './create.js'

export const Label = /*#__PURE__*/ createComponent('taro-label-core', defineCustomElement)
