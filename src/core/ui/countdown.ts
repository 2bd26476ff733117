import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left until `deadline` (ms), never negative. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * A 1-second countdown driven by a deadline, so it stays right when timers are throttled
 * (background tabs) — the remaining time is recomputed from the clock at each tick.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState(0)
  const [secondsLeft, setSecondsLeft] = useState(0)

  useEffect(() => {
    if (!deadline) return
    const tick = () => {
      const left = secondsUntil(deadline, Date.now())
      setSecondsLeft(left)
      if (!left) setDeadline(0)
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  const start = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), [])
  return { secondsLeft, running: secondsLeft > 0, start }
}
