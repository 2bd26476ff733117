// Taro's H5 React components for jsdom. View, Text, Image, RichText, Input, Label and Textarea are the H5 build's own
// (taro-patches/h5-components); the rest are Taro's React DOM implementations. Some of those import View from
// '@tarojs/components' (mapped here), so View must be defined before the package index is evaluated.
// Taro's H5 runtime accepts CSS strings in `style` (taro-ui passes them); react-dom does not,
// so each component here turns a string style into an object first.
import { createElement, forwardRef, type ComponentType } from 'react'
import { Image } from '../../taro-patches/h5-components/image'
import { Input, Label } from '../../taro-patches/h5-components/input'
import { RichText } from '../../taro-patches/h5-components/rich-text'
import { Textarea } from '../../taro-patches/h5-components/textarea'
import { styleObject, Text, View } from '../../taro-patches/h5-components/view-text'

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

const OWN = { View, Text, Image, RichText, Input, Label, Textarea }
Object.assign(module.exports, OWN)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const all = require('@tarojs/components-react') as Record<string, unknown>
const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)

for (const [name, value] of Object.entries(all)) {
  if (!(name in OWN) && /^[A-Z]/.test(name) && isComponent(value)) {
    module.exports[name] = acceptStringStyle(value as ComponentType<AnyProps>)
  }
}
