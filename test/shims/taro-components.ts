// Taro's H5 React components for jsdom. Some of them import View from '@tarojs/components'
// (mapped here), so View must be defined before the package index is evaluated.
// Taro's H5 runtime accepts CSS strings in `style` (taro-ui passes them); react-dom does not,
// so each component here turns a string style into an object first.
import { createElement, forwardRef, type ComponentType } from 'react'
import BaseView from '@tarojs/components-react/dist/components/view'

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {}
  for (const rule of css.split(';')) {
    const [name, ...value] = rule.split(':')
    if (!name?.trim() || !value.length) continue
    style[name.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value.join(':').trim()
  }
  return style
}

type AnyProps = Record<string, unknown>

function acceptStringStyle(Component: ComponentType<AnyProps>) {
  return forwardRef<unknown, AnyProps>((props, ref) =>
    createElement(Component, {
      ...props,
      ref,
      style: typeof props.style === 'string' ? styleObject(props.style) : props.style,
    }),
  )
}

export const View = acceptStringStyle(BaseView)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const all = require('@tarojs/components-react') as Record<string, unknown>
const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)

for (const [name, value] of Object.entries(all)) {
  if (name !== 'View' && /^[A-Z]/.test(name) && isComponent(value)) {
    module.exports[name] = acceptStringStyle(value as ComponentType<AnyProps>)
  }
}
module.exports.View = View
