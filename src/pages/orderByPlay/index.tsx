import { useMemo } from 'react'
import { currentDestination } from '../../core/routing/navigate'
import { PaymentView } from '../../features/payments/components/PaymentView'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /orderByPlay?orderCode=&source= — weapp subpackage pages/orderByPlay.
export default function PaymentPage() {
  const { query } = useMemo(currentDestination, [])
  return (
    <ConsoleLayout>
      <PaymentView query={query} />
    </ConsoleLayout>
  )
}
