import type { KeyboardEvent as ViewKeyboardEvent } from 'react'

// Taro renders controls as views with a role (core/ui Button, tabs, radios, links, menu items): a
// role alone is not focusable, so keyboard users (and axe's scrollable-region-focusable) could not
// reach them. One observer gives each a tab stop and one listener turns Enter / Space into a click.
const CONTROLS = ['button', 'link', 'tab', 'radio', 'checkbox', 'switch', 'menuitem', 'option', 'slider'].map(
  (role) => `[role="${role}"]`,
)
const SELECTOR = CONTROLS.join(',')
const UNMARKED = CONTROLS.map((control) => `${control}:not([tabindex])`).join(',')

let enabled = false

function markControls() {
  document.querySelectorAll(UNMARKED).forEach((control) => {
    if (!/^(INPUT|TEXTAREA|BUTTON|A|SELECT)$/.test(control.tagName)) control.setAttribute('tabindex', '0')
  })
}

export function enableKeyboardControls(): void {
  if (enabled || typeof document === 'undefined') return
  enabled = true
  let queued = false
  const schedule = () => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      markControls()
    })
  }
  markControls()
  new MutationObserver(schedule).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['role'],
  })
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return
    const target = event.target
    if (!(target instanceof HTMLElement) || !target.matches(SELECTOR)) return
    if (/^(INPUT|TEXTAREA|BUTTON|A|SELECT)$/.test(target.tagName)) return
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
