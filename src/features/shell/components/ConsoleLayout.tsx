import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { ConsoleNav } from './ConsoleNav'
import { HelpWidget } from './HelpWidget'
import { PageFrame } from './PageFrame'
import './console-layout.scss'

/**
 * Logged-in pages: guard, the platform's navigation (header and footer, or the bottom bar), help.
 * `unreadFromPage`: the page's own poll loads the badges (the home's homePoll), so the navigation
 * sends nothing of its own.
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
        <ConsoleNav unreadFromPage={unreadFromPage}>{children}</ConsoleNav>
        <HelpWidget />
      </View>
    </PageFrame>
  )
}
