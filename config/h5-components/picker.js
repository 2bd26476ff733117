import { defineCustomElement } from '@tarojs/components/dist/components/taro-picker-core.js'
import { createComponent } from './create.js'

export const Picker = /*#__PURE__*/ createComponent('taro-picker-core', defineCustomElement)
