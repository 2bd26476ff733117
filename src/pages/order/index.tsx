import { useMemo } from 'react'
import { currentDestination } from '../../core/routing/navigate'
import { ConfirmOrderView } from '../../features/checkout/components/ConfirmOrderView'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /order?SkuId=&OrderTypeId=&secondDomain=&orderCode= — weapp subpackage pages/order.
export default function ConfirmOrderPage() {
  const { query } = useMemo(currentDestination, [])
  return (
    <ConsoleLayout>
      <ConfirmOrderView query={query} />
    </ConsoleLayout>
  )
}
