import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'
import { createElement, forwardRef } from 'react'

/**
 * A Stencil component whose custom element is defined when one first renders, not when the module
 * is evaluated: `define` requires the element's module then (webpack evaluates a `require` where it
 * is called), so a page that draws none at start never runs Stencil's runtime. It runs before
 * React creates the element, so the element is born upgraded.
 */
export function createLazyComponent(tagName, define) {
  // Taro's own wrapper, as its components module creates it, but asked to define nothing.
  const Wrapper = createReactComponent(tagName, undefined, manipulatePropsFunction, undefined)
  let pending = define
  return forwardRef(function LazyTaroElement(props, ref) {
    if (pending) {
      pending()
      pending = null
    }
    return createElement(Wrapper, { ...props, ref })
  })
}
