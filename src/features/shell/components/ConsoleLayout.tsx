import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Header } from './Header'
import { PageFrame } from './PageFrame'
import './console-layout.scss'

/** Logged-in pages: guard, header, content, footer. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <PageFrame>
      <View className='console'>
        <Header />
        <View className='console__main' role='main'>
          {children}
        </View>
        <View className='console__footer'>© 2026 会员中心 · 隐私政策</View>
      </View>
    </PageFrame>
  )
}
