import { Text, View } from '@tarojs/components'
import type { OrderPayment } from '../../../core/contract/orders'
import { paymentRecord, showsPaymentRecords } from '../rules'
import './orders.scss'

/**
 * 支付记录 of one order: each payment the providers confirmed and whether it was kept or is going
 * back (a second payment, or one that came too late). Nothing for a plain order paid once.
 */
export function PaymentRecords({ payments }: { payments: OrderPayment[] | undefined }) {
  if (!payments || !showsPaymentRecords(payments)) return null
  return (
    <View className='order-payments'>
      <View className='order-payments__title' role='heading' aria-level={2}>
        支付记录
      </View>
      <View role='list' aria-label='支付记录'>
        {payments.map((payment, index) => {
          const record = paymentRecord(payment)
          return (
            // Payments have no id on the wire; they come oldest first and never reorder.
            <View key={index} role='listitem' className='order-payment'>
              <Text className='order-payment__provider'>{record.provider}</Text>
              <Text className='order-payment__amount'>{record.amount}</Text>
              <Text className='order-payment__time'>支付时间 {record.paidAt}</Text>
              <View className='order-payment__status'>
                <Text className={`order-payment__state order-payment__state--${record.tone}`}>
                  {record.state}
                </Text>
                {record.refundedAt && (
                  <View className='order-payment__refunded'>退款时间 {record.refundedAt}</View>
                )}
              </View>
            </View>
          )
        })}
      </View>
    </View>
  )
}
