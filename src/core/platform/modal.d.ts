import type { ReactNode } from 'react'

export interface ModalAction {
  text: string
  onClick(): void
}

export interface ModalProps {
  /** Closed, it stays drawn but hidden, so opening and closing fade. */
  open: boolean
  /** A click on the mask; without it the mask does nothing. */
  onMaskClick?(): void
  /** The modal's own class, for its width and spacing rules. */
  className?: string
  header: ReactNode
  children?: ReactNode
  /** A confirmation's footer: one text button each, the last the main one. */
  actions?: ModalAction[]
  /**
   * A confirmation whose buttons are the modal's own: the whole box is the alert dialog, named
   * `label`, and `id` is what keeps keyboard focus inside it (platform/dialog-focus).
   */
  alert?: { id: string; label: string }
}

/**
 * The modal box every dialog is drawn in: mask, header, content, and a confirmation's buttons,
 * with taro-ui's modal classes and styles. H5: plain elements; taro-ui's AtModal draws its content
 * and buttons as Stencil custom elements (a scroll view, buttons), which put Stencil's runtime in
 * every page's first load. Mini-program: taro-ui's AtModal, with WeChat's own scroll view and
 * buttons.
 */
export declare function Modal(props: ModalProps): JSX.Element
