import { View } from '@tarojs/components'
import { goBack } from '../../../core/routing/navigate'

/**
 * The console's brand and a way back above the survey. /evaluate is public (opened from a message,
 * often logged out), so it carries the brand instead of the console header and its account menu.
 */
export function EvaluationHeader() {
  return (
    <View className='evaluation-bar' role='banner'>
      <View className='evaluation-bar__back' role='link' onClick={() => goBack()}>
        ‹ 返回
      </View>
      <View className='evaluation-bar__brand'>会员中心</View>
    </View>
  )
}
