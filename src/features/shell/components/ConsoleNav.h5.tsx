import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Header } from './Header'
import { PageFooter } from './PageFooter'

export function ConsoleNav({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <View className='console__main' role='main'>
        {children}
      </View>
      <PageFooter />
    </>
  )
}
