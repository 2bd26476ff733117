import { ReverifyHost } from '../../account/components/ReverifyHost'
import { PasswordDialog } from '../../account/components/PasswordDialog'
import { currentDestination } from '../../../core/routing/navigate'
import { Dialog } from '../../../core/ui/Dialog'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { shellApi } from '../api'

// /accountManage mounts its own re-verification host: a second one would draw the dialog twice.
const PAGE_WITH_REVERIFY_HOST = '/accountManage'

/**
 * The header's 修改密码 (doc2 §2 "Other"): the account area's own password dialog (设置密码 when the
 * member has none yet), with the SMS re-verification a stale session is asked for.
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const model = useResource(async () => (await shellApi.passwordModel()).model, [])
  const hostsReverify = currentDestination().path !== PAGE_WITH_REVERIFY_HOST
  if (model.status !== 'ready' || model.data === undefined) {
    return (
      <Dialog title='修改密码' onClose={onClose}>
        <ResourceStatus resource={model} />
      </Dialog>
    )
  }
  return (
    <>
      <PasswordDialog model={model.data} onSaved={onClose} onClose={onClose} />
      {hostsReverify && <ReverifyHost />}
    </>
  )
}
