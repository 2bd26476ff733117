// Input and Label of the H5 build: a plain <input> and <label> rendered by React DOM. As Stencil
// custom elements they were the only ones on /login's first screen, and each page with one paid
// for Stencil's runtime at start (docs/performance.md "Stencil off the first screens"). Input is
// Taro's own React implementation (@tarojs/components-react, what `h5.useHtmlComponents`
// renders): a controlled value that holds while a Chinese IME composes, `maxlength` on number
// fields, Enter as `onConfirm`, and `e.detail.value` in every handler. This adapter hands it
// only what an <input> knows.
import TaroInput from '@tarojs/components-react/dist/components/input/index.js'
import { createElement, forwardRef } from 'react'
import { domProps } from './view-text.js'

// Mini-program props with no meaning in a browser. `onChange` is Taro's blur-time change event,
// which React's onChange (every keystroke) is not; the console listens to `onInput`.
const MINI_PROGRAM_ONLY = new Set([
  'placeholderStyle',
  'placeholderClass',
  'cursorSpacing',
  'cursor',
  'selectionStart',
  'selectionEnd',
  'adjustPosition',
  'holdKeyboard',
  'alwaysEmbed',
  'safePasswordCertPath',
  'safePasswordLength',
  'safePasswordTimeStamp',
  'safePasswordNonce',
  'safePasswordSalt',
  'safePasswordCustomHash',
  'onKeyboardHeightChange',
  'onChange',
])

export const Input = forwardRef(function Input(props, ref) {
  return createElement(TaroInput, { ...domProps(props, MINI_PROGRAM_ONLY), ref })
})

/** Taro's Label names its field by `for`, the field's id. */
export const Label = forwardRef(function Label({ for: htmlFor, ...props }, ref) {
  return createElement('label', { ...domProps(props, MINI_PROGRAM_ONLY), htmlFor, ref })
})
