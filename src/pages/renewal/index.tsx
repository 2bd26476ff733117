import { useMemo } from 'react'
import { currentDestination } from '../../core/routing/navigate'
import { RenewalCentreView } from '../../features/renewal/components/RenewalCentreView'
import { parseRenewalFilter } from '../../features/renewal/rules'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /renewal?filter= — main accounts only (route table); weapp subpackage pages/renewal.
export default function RenewalPage() {
  const { query } = useMemo(currentDestination, [])
  return (
    <ConsoleLayout>
      <RenewalCentreView initialFilter={parseRenewalFilter(query.filter)} />
    </ConsoleLayout>
  )
}
