// Image of the H5 build: a plain <img> rendered by React DOM. Taro's is a Stencil custom element
// around one, and the help widget's QR code (platform/wechat, which the shell imports) put it, and
// Stencil's runtime, in every page's first load (docs/architecture.md "Performance"). `mode` is
// CSS's object-fit; `nativeProps` (the <img>'s own attributes: `alt`) go on the element. The
// console uses neither `lazyLoad` nor the load event's size.
import { createElement, forwardRef } from 'react'
import { styleObject } from './view-text.js'

const FIT = { scaleToFill: 'fill', aspectFit: 'contain', aspectFill: 'cover' }
const AUTO = { widthFix: { height: 'auto' }, heightFix: { width: 'auto' } }
const MINI_PROGRAM_ONLY = new Set([
  'lazyLoad',
  'showMenuByLongpress',
  'webp',
  'imgProps',
  'mode',
  'nativeProps',
])

export const Image = /*#__PURE__*/ forwardRef(function TaroImage(props, ref) {
  const { mode = 'scaleToFill', nativeProps, style } = props
  const dom = { ref, ...nativeProps }
  for (const name in props) if (!MINI_PROGRAM_ONLY.has(name)) dom[name] = props[name]
  const own = typeof style === 'string' ? styleObject(style) : style
  dom.style = { ...(FIT[mode] ? { objectFit: FIT[mode] } : AUTO[mode]), ...own }
  return createElement('img', dom)
})
Image.displayName = 'Image'
