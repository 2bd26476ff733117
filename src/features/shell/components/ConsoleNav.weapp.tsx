import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { BottomNav } from './BottomNav'

export function ConsoleNav({ children, unreadFromPage }: { children: ReactNode; unreadFromPage?: boolean }) {
  return (
    <>
      <View className='console__main console__main--above-bar' role='main'>
        {children}
      </View>
      <BottomNav unreadFromPage={unreadFromPage} />
    </>
  )
}
