import { Text, View } from '@tarojs/components'
import type { OpeningProgress as Progress } from '../hooks/useOpeningProgress'
import './products.scss'

const TEXT = {
  opening: '产品开通中，请稍候…',
  opened: '产品已开通',
  timedOut: '产品仍在开通中，请稍后刷新查看',
} as const

/** The post-purchase bar (account-area §4): 2% a second, full once the product is open. */
export function OpeningProgress({ progress }: { progress: Progress | null }) {
  if (!progress) return null
  const { phase, percent } = progress
  return (
    <View className={`opening-progress opening-progress--${phase}`} role='status' aria-label='开通进度'>
      <View className='opening-progress__text'>
        <Text>{TEXT[phase]}</Text>
        <Text>{percent}%</Text>
      </View>
      <View
        className='opening-progress__track'
        role='progressbar'
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <View className='opening-progress__bar' style={{ width: `${percent}%` }} />
      </View>
    </View>
  )
}
