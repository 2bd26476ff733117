import { View } from '@tarojs/components'
import { Button } from './Button'
import './dialog-actions.scss'

interface DialogActionsProps {
  confirmText: string
  busy?: boolean
  onConfirm(): void
  onCancel(): void
}

/** 取消 and the dialog's main action, side by side. */
export function DialogActions({ confirmText, busy, onConfirm, onCancel }: DialogActionsProps) {
  return (
    <View className='dialog-actions'>
      <Button onClick={onCancel}>取消</Button>
      <Button type='primary' loading={busy} onClick={onConfirm}>
        {confirmText}
      </Button>
    </View>
  )
}
