import { OperationLog } from '../../features/oplog/components/OperationLog'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

export default function OperationLogPage() {
  return (
    <ConsoleLayout>
      <OperationLog />
    </ConsoleLayout>
  )
}
