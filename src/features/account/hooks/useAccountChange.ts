import { useState } from 'react'
import { ApiError } from '../../../core/http/api-error'
import { toast } from '../../../core/ui/toast'
import { isReverifyCancelled, withFreshSession } from '../fresh-session'

/**
 * Runs one account change: through the re-verification when the server asks for it, a success
 * toast, and on failure the server's message shown in the form (what was typed stays).
 * Resolves true when the change went through.
 */
export function useAccountChange(fallbackFailure = '保存失败，请重试！') {
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState('')

  const run = async (action: () => Promise<unknown>, successMessage: string): Promise<boolean> => {
    setFailure('')
    setSubmitting(true)
    try {
      await withFreshSession(action)
      toast.success(successMessage)
      return true
    } catch (reason) {
      if (isReverifyCancelled(reason)) return false
      const message = reason instanceof ApiError && reason.code > 0 ? reason.message : fallbackFailure
      setFailure(message)
      return false
    } finally {
      setSubmitting(false)
    }
  }

  return { submitting, failure, setFailure, run }
}
