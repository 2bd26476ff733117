// The mini-program bundles the login's later parts with its page (see deferred.d.ts).
export { PasswordLoginForm } from './PasswordLoginForm'
export { RegisterPhoneForm } from './RegisterPhoneForm'
export { QrLoginPanel } from './QrLoginPanel'
export { ForgotPasswordDialog } from './ForgotPasswordDialog'
export { SecurityVerifyDialog } from './SecurityVerifyDialog'
export { BindPhoneDialog } from './BindPhoneDialog'
export { FollowOfficialAccountDialog } from './FollowOfficialAccountDialog'
