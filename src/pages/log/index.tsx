import { ReverifyHost } from '../../features/account/components/ReverifyHost'
import { OperationLog } from '../../features/operate-log/components/OperationLog'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

export default function OperationLogPage() {
  return (
    <ConsoleLayout>
      <OperationLog />
      {/* Exporting the log is protected (操作保护): its re-verification opens here. */}
      <ReverifyHost />
    </ConsoleLayout>
  )
}
