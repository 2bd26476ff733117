// Image of the H5 build: a plain <img> rendered by React DOM. Taro's is a Stencil custom element
// around one, and the help widget's QR code (platform/wechat, which the shell imports) put it,
// and Stencil's runtime, in every page's first load (docs/performance.md "Stencil's runtime off
// every first load"). `mode` is CSS's object-fit; `nativeProps` (the <img>'s own attributes:
// `alt`) go on the element. The console uses neither `lazyLoad` nor the load event's size.
import { createElement, forwardRef } from 'react'
import { domProps } from './view-text.js'

const FIT = { scaleToFill: 'fill', aspectFit: 'contain', aspectFill: 'cover' }
const AUTO = { widthFix: { height: 'auto' }, heightFix: { width: 'auto' } }
const TARO_ONLY = new Set(['mode', 'lazyLoad', 'showMenuByLongpress', 'webp', 'imgProps'])

export const Image = /*#__PURE__*/ forwardRef(function TaroImage(props, ref) {
  const { mode = 'scaleToFill' } = props
  const dom = domProps(props, TARO_ONLY)
  dom.style = { ...(FIT[mode] ? { objectFit: FIT[mode] } : AUTO[mode]), ...dom.style }
  return createElement('img', { ...dom, ref })
})
Image.displayName = 'Image'
