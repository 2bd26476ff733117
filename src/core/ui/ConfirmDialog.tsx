import { AtModal } from 'taro-ui'

interface ConfirmDialogProps {
  open: boolean
  title?: string
  message: string
  confirmText?: string
  cancelText?: string
  onConfirm(): void
  onCancel(): void
}

/** Every destructive action asks first. */
export function ConfirmDialog({
  open,
  title = '提示',
  message,
  confirmText = '确定',
  cancelText = '取消',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AtModal
      isOpened={open}
      title={title}
      content={message}
      confirmText={confirmText}
      cancelText={cancelText}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onClose={onCancel}
    />
  )
}
