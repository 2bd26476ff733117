import { errorMessage } from '../../../core/http/api-error'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isReverifyCancelled, withFreshSession } from '../fresh-session'

/**
 * One sign-out from 登录设备 (a session, all others, 不是我): through the re-verification when the
 * server asks for it; the outcome is a toast, as the list has no form to show it in. Resolves true
 * when it went through.
 */
export function useDeviceSignOut() {
  const submit = useSubmit({ ignore: isReverifyCancelled })

  const run = async (action: () => Promise<unknown>, successMessage: string): Promise<boolean> => {
    let failure: unknown = null
    const done = await submit.run(async () => {
      try {
        await withFreshSession(action)
      } catch (reason) {
        failure = reason
        throw reason
      }
    })
    if (done) toast.success(successMessage)
    else if (failure && !isReverifyCancelled(failure)) toast.error(errorMessage(failure, '操作失败，请重试'))
    return done
  }

  return { busy: submit.busy, run }
}
