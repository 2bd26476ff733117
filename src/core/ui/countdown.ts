import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left until `deadline` (ms), never negative. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** Deadlines of keyed countdowns: they outlive the component (a step shown again keeps its wait). */
const keptDeadlines = new Map<string, number>()

/**
 * A 1-second countdown driven by a deadline, so it stays right when timers are throttled
 * (background tabs) — the remaining time is recomputed from the clock at each tick. With a `key`
 * the deadline is kept while the page lives: a form shown again shows what is left of the wait.
 */
export function useCountdown(key?: string) {
  const [deadline, setDeadline] = useState(() => {
    const kept = key ? (keptDeadlines.get(key) ?? 0) : 0
    return kept > Date.now() ? kept : 0
  })
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

  const start = useCallback(
    (seconds: number) => {
      const next = Date.now() + seconds * 1000
      if (key) keptDeadlines.set(key, next)
      setDeadline(next)
    },
    [key],
  )
  return { secondsLeft, running: secondsLeft > 0, start }
}
