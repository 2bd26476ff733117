import { OperationLog } from '../../features/operate-log/components/OperationLog'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

export default function OperationLogPage() {
  return (
    <ConsoleLayout>
      <OperationLog />
    </ConsoleLayout>
  )
}
