import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { BottomNav } from './BottomNav'

export function ConsoleNav({ children }: { children: ReactNode }) {
  return (
    <>
      <View className='console__main console__main--above-bar' role='main'>
        {children}
      </View>
      <BottomNav />
    </>
  )
}
