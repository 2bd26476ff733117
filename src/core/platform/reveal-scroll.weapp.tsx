import { ScrollView } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { RevealScrollProps } from './reveal-scroll'

export function RevealScroll({ className, reveal, children }: RevealScrollProps) {
  const [target, setTarget] = useState('')
  useEffect(() => {
    if (!reveal) return
    // scroll-into-view acts on a change only: clear it first, so the same field can be asked again.
    setTarget('')
    const timer = setTimeout(() => setTarget(reveal.id), 0)
    return () => clearTimeout(timer)
  }, [reveal])
  return (
    <ScrollView className={className} scrollY scrollIntoView={target}>
      {children}
    </ScrollView>
  )
}
