// The account menu's dialogs, which no page shows at start: the password dialog brings crypto-js and
// the SMS re-verification with it, the 扫码登录 approval dayjs. H5 fetches each the first time it
// opens (deferred.h5.tsx), so a console page's first load carries none of them; the mini-program
// bundles them with the shell.
export { AccountSwitchDialog } from './AccountSwitchDialog'
export { ChangePasswordDialog } from './ChangePasswordDialog'
export { ScanLoginDialog } from '../../auth/components/ScanLoginDialog'
