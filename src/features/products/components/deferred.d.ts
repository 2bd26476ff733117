// The home's bind-phone dialog, shown only to a member without a bound phone: H5 fetches it (with
// its inputs and SMS button) when it first shows (deferred.h5.tsx); the mini-program bundles it.
export { BindPhoneDialog } from '../../auth/components/BindPhoneDialog'
