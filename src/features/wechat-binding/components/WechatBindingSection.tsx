import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { wechatBindingApi } from '../api'

type Bound = 'loading' | 'failed' | boolean

/** 微信绑定 row of the account settings (account-area §2): loads its own state, runs its own dialogs. */
export function WechatBindingSection() {
  const [bound, setBound] = useState<Bound>('loading')
  const load = useCallback(() => {
    setBound('loading')
    wechatBindingApi
      .status()
      .then((answer) => setBound(answer.bound))
      .catch(() => setBound('failed'))
  }, [])
  useEffect(load, [load])

  return (
    <View className='wechat-binding' aria-label='微信绑定'>
      <Text className='wechat-binding__label'>微信</Text>
      <Text className='wechat-binding__value'>
        {bound === 'loading' ? '加载中...' : bound === 'failed' ? '加载失败' : bound ? '已绑定' : '未绑定'}
      </Text>
      {bound === 'failed' && (
        <Button size='small' onClick={load}>
          重试
        </Button>
      )}
    </View>
  )
}
