import { useState } from 'react'
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
  // AtModal draws its scroll view and buttons while closed too (custom elements on H5, built at the
  // screen's start). Most confirmations are never asked: each mounts when first opened and stays
  // mounted, so later closings and openings keep their fade.
  const [asked, setAsked] = useState(open)
  if (open && !asked) setAsked(true)
  if (!asked) return null
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
