import { useEffect, useRef } from 'react'

const FOCUSABLE = 'input, textarea, select, button, a[href], [tabindex]:not([tabindex="-1"])'

// Open dialogs, the newest last: only the topmost one traps Tab and answers Esc.
const stack: string[] = []

function focusables(body: HTMLElement): HTMLElement[] {
  return Array.from(body.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('disabled') && !element.closest('[aria-hidden="true"]'),
  )
}

export function useDialogFocus(bodyId: string, open: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape)
  escape.current = onEscape
  useEffect(() => {
    if (!open) return
    stack.push(bodyId)
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const body = () => document.getElementById(bodyId)
    // Focus moves into the dialog once it is drawn.
    const entering = setTimeout(() => {
      const element = body()
      if (!element || element.contains(document.activeElement)) return
      if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
      // The body itself, not its first field: focusing an input would open a phone's keyboard.
      element.focus()
    }, 0)
    const onKey = (event: KeyboardEvent) => {
      const element = body()
      if (!element || stack[stack.length - 1] !== bodyId) return
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        escape.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(element)
      if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
      const first = items[0] ?? element
      const last = items[items.length - 1] ?? element
      const active = document.activeElement
      const outside = !element.contains(active)
      if (event.shiftKey && (active === first || active === element || outside)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey, true)
    return () => {
      clearTimeout(entering)
      document.removeEventListener('keydown', onKey, true)
      stack.splice(stack.lastIndexOf(bodyId), 1)
      if (before?.isConnected) before.focus()
    }
  }, [bodyId, open])
}
