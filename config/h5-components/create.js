// Taro's own wrapper factory, as its components module calls it.
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'

export const createComponent = (tagName, defineCustomElement) =>
  createReactComponent(tagName, undefined, manipulatePropsFunction, defineCustomElement)
