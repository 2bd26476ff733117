import { View } from '@tarojs/components'
import type { ModalProps } from './modal'

export function Modal({ open, onMaskClick, className, header, children, actions, alert }: ModalProps) {
  const classes = ['at-modal', open && 'at-modal--active', className].filter(Boolean).join(' ')
  return (
    <View className={classes}>
      <View className='at-modal__overlay' onClick={onMaskClick} />
      <View
        className='at-modal__container'
        {...(alert && { id: alert.id, role: 'alertdialog', 'aria-label': alert.label, 'aria-modal': true })}
      >
        <View className='at-modal__header'>{header}</View>
        <View className='at-modal__content'>{children}</View>
        {actions && (
          <View className='at-modal__footer at-modal__footer--simple'>
            <View className='at-modal__action'>
              {actions.map((action) => (
                <View key={action.text} role='button' className='at-modal__button' onClick={action.onClick}>
                  {action.text}
                </View>
              ))}
            </View>
          </View>
        )}
      </View>
    </View>
  )
}
