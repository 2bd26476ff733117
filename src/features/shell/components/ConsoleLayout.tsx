import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Header } from './Header'
import { PageFrame } from './PageFrame'
import './console-layout.scss'

/**
 * Logged-in pages: guard, header, content, footer. `unreadFromPage`: the page's own poll loads the
 * header's badges (the home's homePoll), so the header sends nothing of its own.
 */
export function ConsoleLayout({
  children,
  unreadFromPage,
}: {
  children: ReactNode
  unreadFromPage?: boolean
}) {
  return (
    <PageFrame>
      <View className='console'>
        <Header unreadFromPage={unreadFromPage} />
        <View className='console__main' role='main'>
          {children}
        </View>
        <View className='console__footer'>© 2026 会员中心 · 隐私政策</View>
      </View>
    </PageFrame>
  )
}
