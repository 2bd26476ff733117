import { deferred } from '../../../core/ui/deferred'
import { PageLoading } from '../../../core/ui/PageLoading'

// Fetched on first use, so /login's first load carries only the tab it opens on (see deferred.d.ts).
export const PasswordLoginForm = deferred(
  () =>
    import(/* webpackChunkName: "login-password" */ './PasswordLoginForm').then((m) => m.PasswordLoginForm),
  <PageLoading />,
)
export const RegisterPhoneForm = deferred(
  () =>
    import(/* webpackChunkName: "login-register" */ './RegisterPhoneForm').then((m) => m.RegisterPhoneForm),
  <PageLoading />,
)
// The desktop's first tab: a second request there, and phones (which have no QR login) never fetch it.
export const QrLoginPanel = deferred(
  () => import(/* webpackChunkName: "login-qr" */ './QrLoginPanel').then((m) => m.QrLoginPanel),
  <PageLoading />,
)
export const ForgotPasswordDialog = deferred(() =>
  import(/* webpackChunkName: "login-forgot" */ './ForgotPasswordDialog').then((m) => m.ForgotPasswordDialog),
)
export const SecurityVerifyDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ './SecurityVerifyDialog').then((m) => m.SecurityVerifyDialog),
)
export const SecondFactorDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ './SecondFactorDialog').then((m) => m.SecondFactorDialog),
)
export const SecondFactorEnrolDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ '../../account/components/SecondFactorEnrolDialog').then(
    (m) => m.SecondFactorEnrolDialog,
  ),
)
export const BindPhoneDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ './BindPhoneDialog').then((m) => m.BindPhoneDialog),
)
export const FollowOfficialAccountDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ './FollowOfficialAccountDialog').then(
    (m) => m.FollowOfficialAccountDialog,
  ),
)
