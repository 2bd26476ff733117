import { OrderList } from '../../features/orders/components/OrderList'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /orderlist — main accounts only (route table); weapp subpackage pages/orderlist.
export default function OrderListPage() {
  return (
    <ConsoleLayout>
      <OrderList />
    </ConsoleLayout>
  )
}
