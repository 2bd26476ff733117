import { deferred } from '../../../core/ui/deferred'

// Fetched when it first shows, so the home's first load does not carry it (see deferred.d.ts).
export const BindPhoneDialog = deferred(() =>
  import(/* webpackChunkName: "login-steps" */ '../../auth/components/BindPhoneDialog').then(
    (m) => m.BindPhoneDialog,
  ),
)
