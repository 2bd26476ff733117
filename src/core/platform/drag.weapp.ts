import { useRef } from 'react'
import type { HorizontalDragHandlers } from './drag'

type TouchLike = { touches: ArrayLike<{ clientX: number }> }

export function useHorizontalDrag(handlers: HorizontalDragHandlers): Record<string, unknown> {
  const startX = useRef<number | null>(null)
  const latest = useRef(handlers)
  latest.current = handlers
  return {
    onTouchStart: (e: TouchLike) => (startX.current = e.touches[0].clientX),
    onTouchMove: (e: TouchLike) =>
      startX.current !== null && latest.current.onMove(e.touches[0].clientX - startX.current),
    onTouchEnd: () => {
      if (startX.current === null) return
      startX.current = null
      latest.current.onEnd()
    },
  }
}
