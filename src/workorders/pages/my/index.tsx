import { ConsoleLayout } from '../../../features/shell/components/ConsoleLayout'
import { WorkOrderList } from '../../../features/workorders/components/WorkOrderList'

// /myWorkOrder — accepts entry links (?token=); weapp subpackage `workorders`.
export default function MyWorkOrderPage() {
  return (
    <ConsoleLayout>
      <WorkOrderList />
    </ConsoleLayout>
  )
}
