import type { ReactNode } from 'react'

/**
 * The console's navigation around a page's content, chosen per platform (the one place the ends
 * differ): H5 draws the header above and the footer (PageFooter) below; the mini-program draws the
 * bottom bar (BottomNav) and no footer.
 */
export declare function ConsoleNav(props: {
  children: ReactNode
  /** The page's own poll publishes the unread counts (hooks/useUnreadCounts `fromPage`). */
  unreadFromPage?: boolean
}): JSX.Element
