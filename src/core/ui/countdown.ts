import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { liveDeadline, secondsUntil } from './deadline'

// Keyed deadlines live in Taro storage (localStorage on H5, the mini-program's own storage), so a
// reload or a form shown again still counts down what is left.
const STORAGE_PREFIX = 'mc-countdown:'

function keptDeadline(key: string | undefined): number {
  if (!key) return 0
  try {
    const deadline = liveDeadline(Taro.getStorageSync(STORAGE_PREFIX + key), Date.now())
    if (!deadline) Taro.removeStorageSync(STORAGE_PREFIX + key)
    return deadline
  } catch {
    return 0
  }
}

function keepDeadline(key: string, deadline: number) {
  try {
    Taro.setStorageSync(STORAGE_PREFIX + key, deadline)
  } catch {
    // Storage full or unavailable: the countdown still runs, only a reload forgets it.
  }
}

/**
 * A 1-second countdown driven by a deadline, so it stays right when timers are throttled
 * (background tabs) — the remaining time is recomputed from the clock at each tick. With a `key`
 * the deadline is kept in storage: a reload, or any countdown with the same key, shows what is left.
 */
export function useCountdown(key?: string) {
  const [deadline, setDeadline] = useState(() => keptDeadline(key))
  const [shownKey, setShownKey] = useState(key)
  if (key !== shownKey) {
    // Another key (the phone was edited): its own wait, if it has one.
    setShownKey(key)
    setDeadline(keptDeadline(key))
  }
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(deadline, Date.now()))

  useEffect(() => {
    const tick = () => {
      const left = secondsUntil(deadline, Date.now())
      setSecondsLeft(left)
      return left
    }
    if (!tick()) return
    const timer = setInterval(() => {
      if (!tick()) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  const start = useCallback(
    (seconds: number) => {
      const next = Date.now() + seconds * 1000
      if (key) keepDeadline(key, next)
      setDeadline(next)
    },
    [key],
  )
  return { secondsLeft, running: secondsLeft > 0, start }
}
