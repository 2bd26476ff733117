import { ApiError } from '../../../core/http/api-error'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isReverifyCancelled, withFreshSession } from '../fresh-session'

/**
 * Runs one account change (useSubmit): through the re-verification when the server asks for it, a
 * success toast, and on failure the server's message shown in the form (what was typed stays); a
 * network failure says `fallbackFailure`, closing the re-verification says nothing.
 * Resolves true when the change went through.
 */
export function useAccountChange(fallbackFailure = '保存失败，请重试！') {
  const submit = useSubmit({
    ignore: isReverifyCancelled,
    messageOf: (reason) => (reason instanceof ApiError && reason.code > 0 ? reason.message : fallbackFailure),
  })

  const run = async (action: () => Promise<unknown>, successMessage: string): Promise<boolean> => {
    const done = await submit.run(() => withFreshSession(action))
    if (done) toast.success(successMessage)
    return done
  }

  return { submitting: submit.busy, failure: submit.failure, setFailure: submit.setFailure, run }
}
