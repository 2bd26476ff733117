// RichText of the H5 build: a plain <div> holding `nodes` as HTML, which is what Taro's Stencil
// element does with a string, without its runtime (docs/performance.md "Stencil's runtime off
// every first load"). The console passes strings only, sanitised before they get here
// (core/format/html); node arrays are the mini-program's. Text in it is selectable (Taro's
// element set `user-select: none`).
import { createElement, forwardRef } from 'react'
import { domProps } from './view-text.js'

const TARO_ONLY = new Set(['nodes', 'space', 'selectable', 'userSelect'])

export const RichText = /*#__PURE__*/ forwardRef(function TaroRichText(props, ref) {
  const dom = { ...domProps(props, TARO_ONLY), ref }
  if (typeof props.nodes === 'string') dom.dangerouslySetInnerHTML = { __html: props.nodes }
  return createElement('div', dom)
})
RichText.displayName = 'RichText'
