import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { PageFooter } from './PageFooter'
import { PageFrame } from './PageFrame'
import './public-layout.scss'

/** Public pages (agreements, links from messages): the page frame, the content, the footer on H5. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <PageFrame>
      <View className='public-page'>
        <View className='public-page__main' role='main'>
          {children}
        </View>
        <PageFooter />
      </View>
    </PageFrame>
  )
}
