import { useMemo } from 'react'
import { currentDestination } from '../../core/routing/navigate'
import { PayResultView } from '../../features/payments/components/PayResultView'
import { resultOf } from '../../features/payments/rules'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /failure?orderCode=&result= — result 2 is the success variant (doc2 §2 "Result"); weapp subpackage pages/failure.
export default function PayResultPage() {
  const { query } = useMemo(currentDestination, [])
  return (
    <ConsoleLayout>
      <PayResultView result={resultOf(query)} query={query} />
    </ConsoleLayout>
  )
}
