import { Text, View } from '@tarojs/components'
import { Spinner } from './Spinner'
import './page-loading.scss'

export function PageLoading({ text = '加载中...' }: { text?: string }) {
  return (
    <View className='page-loading' role='progressbar' aria-label={text}>
      <View className='page-loading__body'>
        <Spinner />
        <Text className='page-loading__text'>{text}</Text>
      </View>
    </View>
  )
}
