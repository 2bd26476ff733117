// The parts of the login panel that a phone's first render does not show: the desktop's QR tab,
// another tab, the registration, and the dialogs of later steps. H5 fetches each on first use (deferred.h5.ts:
// /login's first load stays small); the mini-program bundles them with the page.
export { PasswordLoginForm } from './PasswordLoginForm'
export { RegisterPhoneForm } from './RegisterPhoneForm'
export { QrLoginPanel } from './QrLoginPanel'
export { ForgotPasswordDialog } from './ForgotPasswordDialog'
export { SecurityVerifyDialog } from './SecurityVerifyDialog'
export { SecondFactorDialog } from './SecondFactorDialog'
export { SecondFactorEnrolDialog } from '../../account/components/SecondFactorEnrolDialog'
export { BindPhoneDialog } from './BindPhoneDialog'
export { FollowOfficialAccountDialog } from './FollowOfficialAccountDialog'
