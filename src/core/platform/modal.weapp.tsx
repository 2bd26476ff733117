import { Button } from '@tarojs/components'
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import type { ModalProps } from './modal'

export function Modal({ open, onMaskClick, className, header, children, actions }: ModalProps) {
  return (
    <AtModal
      isOpened={open}
      closeOnClickOverlay={Boolean(onMaskClick)}
      onClose={onMaskClick}
      className={className}
    >
      <AtModalHeader>{header}</AtModalHeader>
      <AtModalContent>{children}</AtModalContent>
      {actions && (
        <AtModalAction isSimple>
          {actions.map((action) => (
            <Button key={action.text} onClick={action.onClick}>
              {action.text}
            </Button>
          ))}
        </AtModalAction>
      )}
    </AtModal>
  )
}
