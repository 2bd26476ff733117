// The order actions' dialogs (申请发票, 申请合同 and the signed contract), which no order page shows
// at start: the invoice form brings the billing rules and taro-ui's input with it. H5 fetches them
// together the first time one opens (deferred.h5.tsx), so /orderlist's and /orderdetails' first
// loads carry none of them; the mini-program bundles them with the orders pages.
export { ContractDialog } from '../../esign/components/ContractDialog'
export { ContractSignedDialog } from '../../esign/components/ContractSignedDialog'
export { InvoiceDialog } from '../../invoices/components/InvoiceDialog'
