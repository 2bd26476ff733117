import type { KeyboardEvent } from 'react'

export function keyboardPress(onPress: () => void, onEscape?: () => void): Record<string, unknown> {
  return {
    tabIndex: 0,
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        onPress()
      } else if (event.key === 'Escape') onEscape?.()
    },
  }
}
