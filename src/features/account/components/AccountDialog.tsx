import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import './account.scss'

interface AccountDialogProps {
  title: string
  children: ReactNode
  /** The server's refusal, kept under the fields. */
  failure?: string
  confirmText?: string
  busy?: boolean
  onConfirm(): void
  onClose(): void
}

/** The frame of every account settings dialog: title, fields, the refusal, 取消 and the action. */
export function AccountDialog({
  title,
  children,
  failure,
  confirmText = '确定',
  busy,
  onConfirm,
  onClose,
}: AccountDialogProps) {
  return (
    <AtModal isOpened onClose={onClose} className='account-dialog'>
      <AtModalHeader>{title}</AtModalHeader>
      <AtModalContent>
        <View aria-label={title} role='dialog'>
          {children}
          <FieldError message={failure} />
          <DialogActions confirmText={confirmText} busy={busy} onConfirm={onConfirm} onCancel={onClose} />
        </View>
      </AtModalContent>
    </AtModal>
  )
}
