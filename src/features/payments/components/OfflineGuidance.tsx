import { View } from '@tarojs/components'
import { OFFLINE_GUIDANCE } from '../rules'

/** doc2 §2 "Offline payment text": shown instead of paying online. */
export function OfflineGuidance({ orderCode }: { orderCode: string }) {
  return (
    <View className='pay-offline' role='note' aria-label='线下转账说明'>
      <View className='pay-offline__title'>线下转账说明</View>
      {OFFLINE_GUIDANCE.map((text) => (
        <View key={text} className='pay-offline__item'>
          {text}
        </View>
      ))}
      <View className='pay-offline__item'>订单号：{orderCode}</View>
    </View>
  )
}
