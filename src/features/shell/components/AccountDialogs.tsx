import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { endSession } from '../../../core/session/end-session'
import { LOGOUT_CONFIRM } from '../rules'
import { AccountSwitchDialog, ChangePasswordDialog } from './deferred'

/** What an account-menu item opens, beside the menu (the H5 header's and the bottom bar's sheet). */
export type AccountDialog = 'switch' | 'password' | 'logout'

/**
 * The account menu's dialogs: switch account, change password, and the 确定退出？ confirmation. Each
 * mounts only while open: the header renders again with every badge update.
 */
export function AccountDialogs({ open, onClose }: { open: AccountDialog | null; onClose(): void }) {
  return (
    <>
      {open === 'switch' && <AccountSwitchDialog onClose={onClose} />}
      {open === 'password' && <ChangePasswordDialog onClose={onClose} />}
      {open === 'logout' && (
        <ConfirmDialog
          open
          message={LOGOUT_CONFIRM}
          onConfirm={() => {
            onClose()
            endSession()
          }}
          onCancel={onClose}
        />
      )}
    </>
  )
}
