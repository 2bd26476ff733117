// One resource a screen loads as a whole (an order, a notice, the account info): the loading,
// error-with-retry and ready states every such screen needs. Lists use usePagedList instead.
import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react'
import { errorMessage } from '../http/api-error'

export const LOAD_FAILED = '加载失败，请重试'

export interface Resource<T> {
  /** 'loading' only while nothing is shown yet (first load, new deps, retry). */
  status: 'loading' | 'ready' | 'error'
  /** The loaded value once status is 'ready' (kept during a reload). */
  data: T | undefined
  /** Why the load failed: the server's message, else the fallback. */
  error: string
  /** After an error: load again, showing the loading state. */
  retry(): void
  /** After an action changed it: load again keeping what is shown; resolves when done. */
  reload(): Promise<void>
}

export interface ResourceOptions {
  /** Shown when a failure carries no server message (default 加载失败，请重试). */
  fallback?: string
}

interface State<T> {
  status: Resource<T>['status']
  data: T | undefined
  error: string
}

// One object for "loading, nothing shown": setting it again (the load on mount) is a no-op for
// React, so a screen does not render twice before its answer arrives.
const LOADING: State<never> = { status: 'loading', data: undefined, error: '' }

/**
 * Loads `load()` on mount and whenever `deps` change (like useEffect's). Only the newest load may
 * change the state: an answer that arrives after new deps, a retry or unmounting is dropped.
 * Expected outcomes that are not failures (a 404 shown as "not found", a refusal) belong in
 * `load`: catch them there and resolve with a value saying so.
 *
 *   const order = useResource(() => orderApi.byId(id), [id])
 *   if (order.status !== 'ready') return <ResourceStatus resource={order} />
 */
export function useResource<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  options: ResourceOptions = {},
): Resource<T> {
  const [state, setState] = useState<State<T>>(LOADING)
  const latest = useRef(0)
  const current = useRef({ load, fallback: options.fallback ?? LOAD_FAILED })
  current.current = { load, fallback: options.fallback ?? LOAD_FAILED }

  const start = useCallback((keep: boolean) => {
    const id = ++latest.current
    if (!keep) setState(LOADING)
    const { load: run, fallback } = current.current
    // A first answer renders as a transition: React splits its render into short tasks, so a large
    // screen arriving never blocks a tap (the loading state before it stays urgent). A reload's
    // answer is urgent: it renders with the action's own end (its button leaving busy), so the old
    // screen never shows as ready again in between.
    const settle = (next: State<T>) => {
      if (id !== latest.current) return
      if (keep) setState(next)
      else startTransition(() => setState(next))
    }
    return run().then(
      (data) => settle({ status: 'ready', data, error: '' }),
      (cause: unknown) => settle({ status: 'error', data: undefined, error: errorMessage(cause, fallback) }),
    )
  }, [])

  /** Drops the answer of the load in flight. */
  const drop = useCallback(() => {
    latest.current++
  }, [])

  useEffect(() => {
    void start(false)
    return drop
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again, as with useEffect
  }, deps)

  const retry = useCallback(() => void start(false), [start])
  const reload = useCallback(() => start(true), [start])
  return { ...state, retry, reload }
}
