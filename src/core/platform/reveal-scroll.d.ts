import type { ReactNode } from 'react'

export interface RevealScrollProps {
  className?: string
  /**
   * The id of a child to bring into view; a new value (or the same id asked again after another
   * 提交) scrolls to it. `seq` tells a repeated request for the same id from the last one.
   */
  reveal?: { id: string; seq: number } | null
  children?: ReactNode
}

/**
 * A vertically scrolling area that can bring one of its children into view by id (a form's first
 * invalid field). H5: a scrolling view and `scrollIntoView`; mini-program: a ScrollView and its
 * `scroll-into-view`, the only way to move one there.
 */
export declare function RevealScroll(props: RevealScrollProps): JSX.Element
