// View and Text of the H5 build: a plain <div> and <span> rendered by React DOM. They are most
// of every screen's elements, and as Stencil custom elements each one cost a wrapper component,
// an upgrade, a render in Stencil's queue and its props copied twice (docs/performance.md "View
// and Text as plain elements; the date wheels bounded"). The console uses neither component's
// Taro-only props (hover classes, animation, selectable text); they are dropped so they never
// reach the DOM as attributes.
import { createElement, forwardRef } from 'react'
import { CONTROL_ROLES } from '../../src/core/platform/control-roles'

/** taro-ui passes CSS strings in `style` (its `customStyle`, '' by default); React DOM takes objects. */
export function styleObject(style) {
  const object = {}
  for (const rule of style.split(';')) {
    const colon = rule.indexOf(':')
    const name = rule.slice(0, colon).trim()
    if (colon < 0 || !name) continue
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())
    object[key] = rule.slice(colon + 1).trim()
  }
  return object
}

/**
 * The props of a Taro component that reach its DOM element: all but `dropped`, a CSS string style as
 * an object, and the entries of `nativeProps` on the element itself, where Taro's H5 components put
 * them. Shared by every H5 component of this folder.
 */
export function domProps(props, dropped) {
  const dom = {}
  for (const name in props) if (name !== 'nativeProps' && !dropped.has(name)) dom[name] = props[name]
  if (typeof props.style === 'string') dom.style = styleObject(props.style)
  return props.nativeProps ? Object.assign(dom, props.nativeProps) : dom
}

function domElement(displayName, tag, taroOnly) {
  const Component = forwardRef(function TaroElement(props, ref) {
    const dom = { ...domProps(props, taroOnly), ref }
    // A role alone is not focusable: a view acting as a control gets its tab stop as it renders.
    if (dom.tabIndex === undefined && CONTROL_ROLES.has(props.role)) dom.tabIndex = 0
    return createElement(tag, dom)
  })
  Component.displayName = displayName
  return Component
}

const VIEW_ONLY = [
  'hoverClass',
  'hoverStartTime',
  'hoverStayTime',
  'hoverStopPropagation',
  'animation',
  'catchMove',
]

export const View = /*#__PURE__*/ domElement('View', 'div', new Set(VIEW_ONLY))
export const Text = /*#__PURE__*/ domElement(
  'Text',
  'span',
  new Set(['selectable', 'userSelect', 'space', 'decode']),
)
