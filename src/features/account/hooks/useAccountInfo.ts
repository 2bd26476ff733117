import { useSession } from '../../../core/session/store'
import { useResource } from '../../../core/ui/useResource'
import { accountApi } from '../api'

/** The personal info and the password model; a reload after each change also refreshes the header. */
export function useAccountInfo() {
  return useResource(async () => {
    const [info, { model }] = await Promise.all([accountApi.info(), accountApi.passwordModel()])
    useSession.getState().setUserinfo(info)
    return { info, model }
  }, [])
}
