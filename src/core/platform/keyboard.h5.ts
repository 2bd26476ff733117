import type { KeyboardEvent as ViewKeyboardEvent } from 'react'
import { CONTROL_ROLES } from './control-roles'
import type { ListKeys } from './keyboard'

// Taro renders controls as views with a role (core/ui Button, tabs, radios, links, menu items). The
// H5 View gives each its tab stop as it renders (taro-patches/h5-components/view-text.js); one listener
// turns Enter / Space on it into a click, as on a native button.
const NATIVE_CONTROL = /^(INPUT|TEXTAREA|BUTTON|A|SELECT)$/

let enabled = false

export function enableKeyboardControls(): void {
  if (enabled || typeof document === 'undefined') return
  enabled = true
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return
    const target = event.target
    if (!(target instanceof HTMLElement) || !CONTROL_ROLES.has(target.getAttribute('role') ?? '')) return
    if (NATIVE_CONTROL.test(target.tagName)) return
    event.preventDefault()
    target.click()
  })
}

export function escapeKeyProps(onEscape: () => void): Record<string, unknown> {
  return {
    onKeyDown(event: ViewKeyboardEvent) {
      if (event.key === 'Escape') onEscape()
    },
  }
}

export function listKeyProps({ onMove, onChoose, onEscape }: ListKeys): Record<string, unknown> {
  return {
    onKeyDown(event: ViewKeyboardEvent) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        onMove(event.key === 'ArrowDown' ? 1 : -1)
      } else if (event.key === 'Escape') onEscape()
      // Enter on a focused option is its click (enableKeyboardControls); in the box it chooses.
      else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
        event.preventDefault()
        onChoose()
      }
    },
  }
}
