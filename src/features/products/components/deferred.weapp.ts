// The mini-program bundles the bind-phone dialog with the home (see deferred.d.ts).
export { BindPhoneDialog } from '../../auth/components/BindPhoneDialog'
