import type { ReactNode } from 'react'

/**
 * The console's navigation around a page's content, chosen per platform (the one place the ends
 * differ): H5 draws the header above and the footer below; the mini-program draws the bottom bar
 * (BottomNav) and no footer, whose privacy link would sit under the bar.
 */
export declare function ConsoleNav(props: { children: ReactNode }): JSX.Element
/** The footer of pages outside the console (/login): the H5 Footer; nothing in the mini-program. */
export declare function PageFooter(): JSX.Element | null
