import { InvoiceList } from '../../features/invoices/components/InvoiceList'
import { InvoiceTitles } from '../../features/invoices/components/InvoiceTitles'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /invoices — main accounts only (route table); weapp subpackage pages/invoices.
export default function InvoicesPage() {
  return (
    <ConsoleLayout>
      <InvoiceList />
      <InvoiceTitles />
    </ConsoleLayout>
  )
}
