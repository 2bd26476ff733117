import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { ConsoleNav } from './ConsoleNav'
import { HelpWidget } from './HelpWidget'
import { PageFrame } from './PageFrame'
import './console-layout.scss'

/** Logged-in pages: guard, the platform's navigation (header and footer, or the bottom bar), help. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <PageFrame>
      <View className='console'>
        <ConsoleNav>{children}</ConsoleNav>
        <HelpWidget />
      </View>
    </PageFrame>
  )
}
