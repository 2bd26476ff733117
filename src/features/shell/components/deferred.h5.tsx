import { deferred } from '../../../core/ui/deferred'

// Fetched the first time they open, so no console page's first load carries them (see deferred.d.ts).
export const AccountSwitchDialog = deferred(() =>
  import(/* webpackChunkName: "account-dialogs" */ './AccountSwitchDialog').then(
    (m) => m.AccountSwitchDialog,
  ),
)
export const ChangePasswordDialog = deferred(() =>
  import(/* webpackChunkName: "account-dialogs" */ './ChangePasswordDialog').then(
    (m) => m.ChangePasswordDialog,
  ),
)
export const ScanLoginDialog = deferred(() =>
  import(/* webpackChunkName: "scan-login" */ '../../auth/components/ScanLoginDialog').then(
    (m) => m.ScanLoginDialog,
  ),
)
