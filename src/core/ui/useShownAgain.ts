import { useEffect, useRef } from 'react'
import { usePageShown } from './usePageShown'

/** Calls `onShownAgain` each time the page comes back after being hidden (not on the first show). */
export function useShownAgain(onShownAgain: () => void): void {
  const shown = usePageShown()
  const hidden = useRef(false)
  const latest = useRef(onShownAgain)
  latest.current = onShownAgain
  useEffect(() => {
    if (!shown) hidden.current = true
    else if (hidden.current) {
      hidden.current = false
      latest.current()
    }
  }, [shown])
}
