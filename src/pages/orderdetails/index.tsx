import { useRouter } from '@tarojs/taro'
import { OrderDetails } from '../../features/orders/components/OrderDetails'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

// /orderdetails?id=&detailId=&type= — main accounts only; weapp subpackage pages/orderdetails.
export default function OrderDetailsPage() {
  const { params } = useRouter()
  return (
    <ConsoleLayout>
      <OrderDetails query={params} />
    </ConsoleLayout>
  )
}
