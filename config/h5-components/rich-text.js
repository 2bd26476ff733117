import { defineCustomElement } from '@tarojs/components/dist/components/taro-rich-text-core.js'
import { createComponent } from './create.js'

export const RichText = /*#__PURE__*/ createComponent('taro-rich-text-core', defineCustomElement)
