import { defineCustomElement } from '@tarojs/components/dist/components/taro-scroll-view-core.js'
import { createComponent } from './create.js'

export const ScrollView = /*#__PURE__*/ createComponent('taro-scroll-view-core', defineCustomElement)
