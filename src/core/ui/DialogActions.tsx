import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Button } from './Button'
import './dialog-actions.scss'

interface DialogActionsProps {
  confirmText: string
  busy?: boolean
  onConfirm(): void
  onCancel(): void
  /** Wraps the main action's button (e.g. WeChat's subscription tag over it). */
  wrapConfirm?(button: ReactNode): ReactNode
}

/** 取消 and the dialog's main action, side by side. */
export function DialogActions({ confirmText, busy, onConfirm, onCancel, wrapConfirm }: DialogActionsProps) {
  const confirm = (
    <Button type='primary' loading={busy} onClick={onConfirm}>
      {confirmText}
    </Button>
  )
  return (
    <View className='dialog-actions'>
      <Button onClick={onCancel}>取消</Button>
      {wrapConfirm ? wrapConfirm(confirm) : confirm}
    </View>
  )
}
