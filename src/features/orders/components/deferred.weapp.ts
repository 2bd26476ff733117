// The mini-program bundles the order actions' dialogs with the orders pages (see deferred.d.ts).
export { ContractDialog } from '../../esign/components/ContractDialog'
export { ContractSignedDialog } from '../../esign/components/ContractSignedDialog'
export { InvoiceDialog } from '../../invoices/components/InvoiceDialog'
