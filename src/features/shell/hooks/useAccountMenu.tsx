import { useState } from 'react'
import { useSession } from '../../../core/session/store'
import { AccountDialogs, type AccountDialog } from '../components/AccountDialogs'
import { AccountMenu } from '../components/AccountMenu'

/**
 * The account menu of the H5 header and of the bottom bar's sheet: whether it is open, the `menu`
 * to place, and the `dialogs` its items open (choosing one shuts the menu first).
 */
export function useAccountMenu() {
  const role = useSession((s) => s.role)
  const userinfo = useSession((s) => s.userinfo)
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<AccountDialog | null>(null)
  const choose = (next: AccountDialog) => {
    setOpen(false)
    setDialog(next)
  }
  const menu = (
    <AccountMenu
      userinfo={userinfo}
      role={role}
      onSwitch={() => choose('switch')}
      onChangePassword={() => choose('password')}
      onLogout={() => choose('logout')}
    />
  )
  const dialogs = <AccountDialogs open={dialog} onClose={() => setDialog(null)} />
  return { role, userinfo, open, setOpen, menu, dialogs }
}
