import { View } from '@tarojs/components'
import type { Order } from '../api'
import { orderActions, type OrderAction } from '../rules'

interface OrderActionsProps {
  order: Order
  onAction(order: Order, action: OrderAction): void
  /** A table row's links stay on one line (their column grows to hold them); cards wrap them. */
  oneLine?: boolean
}

/** The buttons of one order (doc2 §4); 已申请 shows disabled. */
export function OrderActions({ order, onAction, oneLine }: OrderActionsProps) {
  const actions = orderActions(order)
  if (!actions.length) return <View className='order-actions order-actions--none'>--</View>
  return (
    <View
      className={`order-actions${oneLine ? ' order-actions--one-line' : ''}`}
      role='group'
      aria-label={`订单 ${order.orderCode} 操作`}
    >
      {actions.map((action) => {
        const disabled = 'disabled' in action && action.disabled
        return (
          <View
            key={`${action.kind}-${action.label}`}
            role='button'
            aria-disabled={disabled}
            className={`order-action order-action--${action.kind}${disabled ? ' order-action--disabled' : ''}`}
            onClick={(event) => {
              event.stopPropagation()
              if (!disabled) onAction(order, action)
            }}
          >
            {action.label}
          </View>
        )
      })}
    </View>
  )
}
