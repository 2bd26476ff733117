import { useRef } from 'react'
import type { HorizontalDragHandlers } from './drag'

type Point = { clientX: number }
type TouchLike = { touches: ArrayLike<Point>; changedTouches?: ArrayLike<Point> }

// Phones drag by touch; desktop browsers by mouse, followed on the document so the drag keeps
// going when the pointer leaves the handle.
export function useHorizontalDrag(handlers: HorizontalDragHandlers): Record<string, unknown> {
  const startX = useRef<number | null>(null)
  const latest = useRef(handlers)
  latest.current = handlers

  const move = (x: number) => startX.current !== null && latest.current.onMove(x - startX.current)
  const end = () => {
    if (startX.current === null) return
    startX.current = null
    latest.current.onEnd()
  }

  return {
    onTouchStart: (e: TouchLike) => (startX.current = e.touches[0].clientX),
    onTouchMove: (e: TouchLike) => move(e.touches[0].clientX),
    onTouchEnd: end,
    onMouseDown: (e: MouseEvent) => {
      e.preventDefault()
      startX.current = e.clientX
      const onMouseMove = (m: MouseEvent) => move(m.clientX)
      const onMouseUp = () => {
        document.removeEventListener('mousemove', onMouseMove)
        document.removeEventListener('mouseup', onMouseUp)
        end()
      }
      document.addEventListener('mousemove', onMouseMove)
      document.addEventListener('mouseup', onMouseUp)
    },
  }
}
