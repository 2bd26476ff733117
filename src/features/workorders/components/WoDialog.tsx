import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'

interface WoDialogProps {
  title: string
  children: ReactNode
  failure?: string
  confirmText?: string
  busy?: boolean
  /** Without it the dialog only informs: one 关闭 button. */
  onConfirm?(): void
  onClose(): void
}

/** The one dialog frame of the work-order screens (kept small so a shared Dialog can replace it). */
export function WoDialog({
  title,
  children,
  failure,
  confirmText = '确定',
  busy,
  onConfirm,
  onClose,
}: WoDialogProps) {
  return (
    <AtModal isOpened onClose={onClose} className='wo-dialog'>
      <AtModalHeader>{title}</AtModalHeader>
      <AtModalContent>
        <View aria-label={title} role='dialog'>
          {children}
          <FieldError message={failure} />
          {onConfirm ? (
            <DialogActions confirmText={confirmText} busy={busy} onConfirm={onConfirm} onCancel={onClose} />
          ) : (
            <View className='dialog-actions'>
              <View
                role='button'
                className='at-button at-button--normal at-button--primary'
                onClick={onClose}
              >
                <View className='at-button__text'>关闭</View>
              </View>
            </View>
          )}
        </View>
      </AtModalContent>
    </AtModal>
  )
}
