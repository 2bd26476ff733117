import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Header } from './Header'
import { PageFooter } from './PageFooter'

export function ConsoleNav({ children, unreadFromPage }: { children: ReactNode; unreadFromPage?: boolean }) {
  return (
    <>
      <Header unreadFromPage={unreadFromPage} />
      <View className='console__main' role='main'>
        {children}
      </View>
      <PageFooter />
    </>
  )
}
