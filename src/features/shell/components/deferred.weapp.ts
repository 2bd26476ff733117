// The mini-program bundles the account menu's dialogs with the shell (see deferred.d.ts).
export { AccountSwitchDialog } from './AccountSwitchDialog'
export { ChangePasswordDialog } from './ChangePasswordDialog'
export { ScanLoginDialog } from '../../auth/components/ScanLoginDialog'
