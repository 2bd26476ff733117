import { View } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'

export function PageLoading({ text = '加载中...' }: { text?: string }) {
  return (
    <View className='page-loading' role='progressbar' aria-label={text}>
      <AtActivityIndicator mode='center' content={text} />
    </View>
  )
}
