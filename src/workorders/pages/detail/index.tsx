import { useRouter } from '@tarojs/taro'
import { ConsoleLayout } from '../../../features/shell/components/ConsoleLayout'
import { WorkOrderDetailView } from '../../../features/work-orders/components/WorkOrderDetailView'

// /workOrderDetail?id= — weapp subpackage `workorders`.
export default function WorkOrderDetailPage() {
  const { params } = useRouter()
  return (
    <ConsoleLayout>
      <WorkOrderDetailView key={params.id} id={params.id} />
    </ConsoleLayout>
  )
}
