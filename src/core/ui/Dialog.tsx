import { Text, View } from '@tarojs/components'
import { useId, type ReactNode } from 'react'
import { useDialogFocus } from '../platform/dialog-focus'
import { Modal } from '../platform/modal'
import { DialogActions } from './DialogActions'
import { FieldError } from './FieldError'
import './dialog.scss'

export interface DialogProps {
  /** The header, and the accessible name of the body (tests and screen readers find it by it). */
  title: string
  /** The body's accessible name when it is not the title. */
  label?: string
  /** false hides it but keeps what was typed (e.g. while a confirmation is asked on top). */
  open?: boolean
  /** The mask, the close button of the modal, and 取消. */
  onClose(): void
  /** false: a click on the mask does not close it (a payment in progress). */
  closeOnMask?: boolean
  /** A line of explanation above the body. */
  note?: ReactNode
  children?: ReactNode
  /** The modal's own class, for its width and spacing rules. */
  className?: string
  /** 'form' for a dialog that is one form, 'dialog' otherwise. */
  role?: 'dialog' | 'form'
  /** The body's class. */
  bodyClassName?: string
  /** `data-*` attributes of the body (e.g. a dialog's step, for tests and styles). */
  data?: Record<string, string | number>
  /** The server's refusal, under the body. */
  failure?: string
  /** With `onConfirm`: 取消 and this action end the body (default 确定). */
  confirmText?: string
  busy?: boolean
  onConfirm?(): void
  /** Wraps the main action's button (DialogActions). */
  wrapConfirm?(button: ReactNode): ReactNode
}

/**
 * The one modal shell: title, body, the refusal, then 取消 and the main action. On H5 it keeps
 * keyboard focus inside while open and Esc closes it (platform/dialog-focus.h5.ts). A dialog whose
 * actions live inside its body (a form that owns its submit, a dialog with other buttons) leaves
 * out `onConfirm` and renders them as children.
 *
 *   <Dialog title='绑定邮箱' failure={save.failure} busy={save.busy} onConfirm={submit} onClose={onClose}>
 *     …fields…
 *   </Dialog>
 */
export function Dialog({
  title,
  label = title,
  open = true,
  onClose,
  closeOnMask = true,
  note,
  children,
  className,
  role = 'dialog',
  bodyClassName,
  data = {},
  failure,
  confirmText = '确定',
  busy,
  onConfirm,
  wrapConfirm,
}: DialogProps) {
  const bodyId = `dialog-${useId().replace(/:/g, '')}`
  useDialogFocus(bodyId, open, onClose)
  return (
    <Modal open={open} onMaskClick={closeOnMask ? onClose : undefined} className={className} header={title}>
      <View
        id={bodyId}
        className={bodyClassName}
        role={role}
        aria-label={label}
        aria-modal
        {...Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]))}
      >
        {note && <Text className='dialog__note'>{note}</Text>}
        {children}
        <FieldError message={failure} />
        {onConfirm && (
          <DialogActions
            confirmText={confirmText}
            busy={busy}
            onConfirm={onConfirm}
            onCancel={onClose}
            wrapConfirm={wrapConfirm}
          />
        )}
      </View>
    </Modal>
  )
}
