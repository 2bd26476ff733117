import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { ToastHost } from '../../core/ui/ToastHost'
import type { MiniLoginAnswer } from '../../features/auth/api'
import { WechatLoginButton } from '../../features/auth/components/WechatLoginButton'

/** Test entry: the mini-program 微信登录 button, the answer it hands on, and the toasts. */
export default function WechatLoginEntry() {
  const [answer, setAnswer] = useState<MiniLoginAnswer | null>(null)
  return (
    <View>
      <WechatLoginButton mode='mini' onMiniAnswer={setAnswer} />
      {answer && <Text className='mini-answer'>{JSON.stringify(answer)}</Text>}
      <ToastHost />
    </View>
  )
}
