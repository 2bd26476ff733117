// Textarea of the H5 build: a plain <textarea> rendered by React DOM. As Taro's Stencil element it
// put Stencil's runtime in the first load of every page that draws one (the work-order form and
// detail, the survey), and it counted its lines on load and on every input by shrinking itself in a
// loop, only for `onLineChange`: an empty one without a placeholder never overflowed in current
// Chromium and the page hung. This keeps what the console relies on: a controlled value that holds
// while a Chinese IME composes, Taro's `maxlength` (140 unless given, -1 for none), and
// `e.detail.value` in onInput, onFocus and onBlur.
import { createElement, forwardRef, useRef, useState } from 'react'
import { domProps } from './view-text.js'

// Mini-program props and events a browser's textarea has no counterpart of (WeChat's keyboard, line
// counts), and the props this adapter maps itself.
const HANDLED_HERE = new Set([
  'value',
  'maxlength',
  'focus',
  'autoFocus',
  'onInput',
  'onFocus',
  'onBlur',
  'autoHeight',
  'fixed',
  'cursorSpacing',
  'cursor',
  'showConfirmBar',
  'selectionStart',
  'selectionEnd',
  'adjustPosition',
  'holdKeyboard',
  'disableDefaultPadding',
  'confirmType',
  'confirmHold',
  'placeholderStyle',
  'placeholderClass',
  'onConfirm',
  'onLineChange',
  'onKeyboardHeightChange',
  'onChange',
])

/** Taro's handlers read what happened from `e.detail`. */
function withDetail(event, detail) {
  Object.defineProperty(event, 'detail', { value: detail, configurable: true })
  return event
}

export const Textarea = forwardRef(function Textarea(props, ref) {
  const { value, maxlength = 140, focus, autoFocus, onInput, onFocus, onBlur } = props
  // What an IME is composing: shown, not yet the page's value (React would put the page's back).
  const [composing, setComposing] = useState(undefined)
  const isComposing = useRef(false)
  // The value a composition ended on: Chromium's input event comes before compositionend, other
  // browsers' after it, and then it is the same text, already reported.
  const reported = useRef(undefined)

  const report = (event) => {
    const text = event.target.value
    onInput?.(withDetail(event, { value: text, cursor: event.target.selectionEnd ?? text.length }))
  }
  const handleChange = (event) => {
    if (isComposing.current) {
      setComposing(event.target.value)
      return
    }
    const alreadyReported = reported.current === event.target.value
    reported.current = undefined
    if (!alreadyReported) report(event)
  }
  const handleComposition = (event) => {
    if (event.type === 'compositionstart') {
      isComposing.current = true
      reported.current = undefined
      setComposing(event.target.value)
      return
    }
    isComposing.current = false
    reported.current = event.target.value
    setComposing(undefined)
    report(event)
  }
  const withValue = (handler) =>
    handler && ((event) => handler(withDetail(event, { value: event.target.value })))

  const dom = domProps(props, HANDLED_HERE)
  return createElement('textarea', {
    ...dom,
    className: dom.className ? `taro-textarea ${dom.className}` : 'taro-textarea',
    ref,
    value: composing ?? value ?? '',
    maxLength: maxlength < 0 ? undefined : maxlength,
    autoFocus: focus ?? autoFocus,
    onChange: handleChange,
    onCompositionStart: handleComposition,
    onCompositionEnd: handleComposition,
    onKeyDown: (event) => {
      reported.current = undefined
      props.onKeyDown?.(event)
    },
    onFocus: withValue(onFocus),
    onBlur: withValue(onBlur),
  })
})
