import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { startToastCountdown, useToasts } from './toast'
import './toast-host.scss'

/** Renders the toast queue; every page frame mounts one (a mini-program page cannot share it). */
export function ToastHost() {
  const toasts = useToasts((state) => state.toasts)
  useEffect(() => toasts.forEach(startToastCountdown), [toasts])
  if (!toasts.length) return null
  return (
    <View className='toast-host'>
      {toasts.map((t) => (
        <View key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <Text>{t.message}</Text>
        </View>
      ))}
    </View>
  )
}
