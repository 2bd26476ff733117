import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { ProductTransfer } from '../../features/product-transfer/components/ProductTransfer'

// /productTransfer — main account only (route table); weapp subpackage of its own.
export default function ProductTransferPage() {
  return (
    <ConsoleLayout>
      <ProductTransfer />
    </ConsoleLayout>
  )
}
