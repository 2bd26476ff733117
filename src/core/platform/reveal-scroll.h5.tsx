import { View } from '@tarojs/components'
import { useEffect } from 'react'
import type { RevealScrollProps } from './reveal-scroll'

export function RevealScroll({ className, reveal, children }: RevealScrollProps) {
  useEffect(() => {
    if (!reveal) return
    // Centred: the field's label above and its message below stay in view with it.
    document.getElementById(reveal.id)?.scrollIntoView({ block: 'center' })
  }, [reveal])
  return <View className={className}>{children}</View>
}
