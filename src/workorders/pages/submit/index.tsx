import { useRouter } from '@tarojs/taro'
import { ConsoleLayout } from '../../../features/shell/components/ConsoleLayout'
import { SubmitWorkOrder } from '../../../features/work-orders/components/SubmitWorkOrder'

// /submitWorkOrder?type=2|3 — accepts entry links (?token=); weapp subpackage `workorders`.
export default function SubmitWorkOrderPage() {
  const { params } = useRouter()
  return (
    <ConsoleLayout>
      <SubmitWorkOrder type={params.type} />
    </ConsoleLayout>
  )
}
