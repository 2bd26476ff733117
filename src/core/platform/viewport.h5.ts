import { useEffect, useState } from 'react'

// Breakpoint 768 px for the header and account pages (spec account-area §9); lists use 750.
export function useIsDesktop(breakpoint = 768): boolean {
  const query = `(min-width: ${breakpoint}px)`
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? true)
  useEffect(() => {
    const media = window.matchMedia?.(query)
    if (!media) return
    const update = () => setMatches(media.matches)
    update()
    media.addEventListener('change', update)
    return () => media.removeEventListener('change', update)
  }, [query])
  return matches
}
