import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Footer } from './Footer.h5'
import { Header } from './Header'

export function ConsoleNav({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <View className='console__main' role='main'>
        {children}
      </View>
      <Footer />
    </>
  )
}

export function PageFooter() {
  return <Footer />
}
