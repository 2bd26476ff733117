import { deferred } from '../../../core/ui/deferred'

// Fetched the first time one opens, in one chunk, so no order page's first load carries them (see deferred.d.ts).
export const InvoiceDialog = deferred(() =>
  import(/* webpackChunkName: "order-dialogs" */ '../../invoices/components/InvoiceDialog').then(
    (m) => m.InvoiceDialog,
  ),
)
export const ContractDialog = deferred(() =>
  import(/* webpackChunkName: "order-dialogs" */ '../../esign/components/ContractDialog').then(
    (m) => m.ContractDialog,
  ),
)
export const ContractSignedDialog = deferred(() =>
  import(/* webpackChunkName: "order-dialogs" */ '../../esign/components/ContractSignedDialog').then(
    (m) => m.ContractSignedDialog,
  ),
)
