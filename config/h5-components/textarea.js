import { defineCustomElement } from '@tarojs/components/dist/components/taro-textarea-core.js'
import { createComponent } from './create.js'

export const Textarea = /*#__PURE__*/ createComponent('taro-textarea-core', defineCustomElement)
