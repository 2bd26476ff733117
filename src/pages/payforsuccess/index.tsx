import { useMemo } from 'react'
import { currentDestination } from '../../core/routing/navigate'
import { PayResultView } from '../../features/payments/components/PayResultView'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /payforsuccess?orderCode= — weapp subpackage pages/payforsuccess.
export default function PaySuccessPage() {
  const { query } = useMemo(currentDestination, [])
  return (
    <ConsoleLayout>
      <PayResultView result='success' query={query} />
    </ConsoleLayout>
  )
}
