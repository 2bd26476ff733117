// Switching to another account role (spec account-area §2, §6).
import { SWITCH_SIGN_PREFIX } from '../../core/config/shared'
import { switchSignature } from '../../core/crypto/switch-sign'
import { relaunch } from '../../core/routing/navigate'
import { HOME_PATH } from '../../core/routing/routes'
import { useSession } from '../../core/session/store'
import { toast } from '../../core/ui/toast'
import { shellApi, type AccountListItem } from './api'

export async function switchToAccount(item: AccountListItem) {
  const target = { accountId: item.accountId, subAccountId: item.subAccountId, role: item.role }
  const result = await shellApi.switchAccount({
    ...target,
    sign: switchSignature(SWITCH_SIGN_PREFIX, target),
  })
  useSession.getState().signIn(result)
  toast.success('切换成功')
  relaunch(HOME_PATH)
}
