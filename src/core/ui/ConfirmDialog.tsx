import { Text, View } from '@tarojs/components'
import { useId, useState } from 'react'
import { useDialogFocus } from '../platform/dialog-focus'
import { Modal } from '../platform/modal'

interface ConfirmDialogProps {
  open: boolean
  title?: string
  message: string
  confirmText?: string
  cancelText?: string
  onConfirm(): void
  onCancel(): void
}

/** Every destructive action asks first. On H5 focus stays inside while it asks, and Esc cancels. */
export function ConfirmDialog({
  open,
  title = '提示',
  message,
  confirmText = '确定',
  cancelText = '取消',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = `confirm-${useId().replace(/:/g, '')}`
  // Most confirmations are never asked: each mounts when first opened and stays mounted, so later
  // closings and openings keep their fade.
  const [asked, setAsked] = useState(open)
  if (open && !asked) setAsked(true)
  useDialogFocus(bodyId, open, onCancel)
  if (!asked) return null
  return (
    <Modal
      open={open}
      onMaskClick={onCancel}
      header={title}
      alert={{ id: bodyId, label: title }}
      actions={[
        { text: cancelText, onClick: onCancel },
        { text: confirmText, onClick: onConfirm },
      ]}
    >
      <View className='content-simple'>
        {/* Text, never markup: a message can hold what a user typed (a name, an order's code). */}
        <Text>{message}</Text>
      </View>
    </Modal>
  )
}
