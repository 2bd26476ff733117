import { ConsoleLayout } from '../../../features/shell/components/ConsoleLayout'
import { WorkOrderList } from '../../../features/work-orders/components/WorkOrderList'

// /myWorkOrder — accepts entry links (?token=); weapp subpackage `workorders`.
export default function MyWorkOrderPage() {
  return (
    <ConsoleLayout>
      <WorkOrderList />
    </ConsoleLayout>
  )
}
