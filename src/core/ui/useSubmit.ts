import { useCallback, useRef, useState } from 'react'
import { errorMessage } from '../http/api-error'
import { toast } from './toast'

export const SUBMIT_FAILED = '提交失败，请重试'

export interface SubmitOptions {
  /** Shown when a failure carries no server message. */
  fallback?: string
  /** Turns a failure into its text (default: the server's message, else `fallback`). */
  messageOf?(reason: unknown): string
  /** A rejection that is no failure (the user closed a follow-up step): nothing is shown. */
  ignore?(reason: unknown): boolean
  /** A button with no form to show the failure under: it is toasted instead of kept in `failure`. */
  toastFailure?: boolean
}

export interface Submit {
  /** True while an action runs; the action's button shows it (and a second click is ignored). */
  busy: boolean
  /** Why the last action failed, for the form to show under its fields ('' when it did not). */
  failure: string
  setFailure(message: string): void
  /** Clears the failure (a new attempt, another choice). */
  reset(): void
  /**
   * Runs `action` (the call and what follows its success); resolves true when it went through.
   * A rejection becomes `failure` and never escapes, so what the user typed stays on screen.
   */
  run(action: () => Promise<unknown>): Promise<boolean>
}

/**
 * One submit of a form or dialog: busy while it runs, the failure's message afterwards.
 *
 *   const save = useSubmit({ fallback: '保存失败，请重试' })
 *   const submit = () => form.check(validate) && save.run(async () => { await api.save(v); onSaved() })
 *   <Dialog failure={save.failure} busy={save.busy} onConfirm={submit} … />
 */
export function useSubmit(options: SubmitOptions = {}): Submit {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')
  const running = useRef(false)
  const latest = useRef(options)
  latest.current = options

  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return false
    running.current = true
    setFailure('')
    setBusy(true)
    try {
      await action()
      return true
    } catch (reason) {
      const { fallback = SUBMIT_FAILED, messageOf, ignore, toastFailure } = latest.current
      if (ignore?.(reason)) return false
      const message = messageOf ? messageOf(reason) : errorMessage(reason, fallback)
      if (toastFailure) toast.error(message)
      else setFailure(message)
      return false
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])

  const reset = useCallback(() => setFailure(''), [])
  return { busy, failure, setFailure, reset, run }
}
