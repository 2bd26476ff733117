import { Input, Text, View } from '@tarojs/components'
import { useId, useState } from 'react'
import type { ConsultableOrder } from '../../../core/contract/work-orders'
import { escapeKeyProps, listKeyProps } from '../../../core/platform/keyboard'
import { consultableOrderView, searchConsultableOrders } from '../rules'

interface OrderPickerProps {
  /** The field's name (咨询订单, 退款订单): the accessible name of the box and of its list. */
  label: string
  orders: readonly ConsultableOrder[]
  value: string | undefined
  onChange(orderCode: string): void
}

/** One order as a row: code and amount, then product and the day it was placed. */
function OrderSummary({ order }: { order: ConsultableOrder }) {
  const view = consultableOrderView(order)
  return (
    <View className='wo-order'>
      <View className='wo-order__line'>
        <Text className='wo-order__code'>{view.code}</Text>
        <Text className='wo-order__amount'>{view.amount}</Text>
      </View>
      <View className='wo-order__line wo-order__line--muted'>
        <Text className='wo-order__product'>{view.product}</Text>
        <Text>{view.date}</Text>
      </View>
    </View>
  )
}

const accessibleName = (order: ConsultableOrder) => {
  const view = consultableOrderView(order)
  return [view.code, view.product, view.date, view.amount].filter(Boolean).join(' ')
}

/**
 * A closed box showing the chosen order; opened, a search by order code or product name over the
 * account's orders, each with its date, product and amount. The same views on H5 and in the
 * mini-program; the arrow keys, Enter and Escape (H5) come from platform/keyboard.
 */
export function OrderPicker({ label, orders, value, onChange }: OrderPickerProps) {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [active, setActive] = useState(0)
  const listId = `order-picker-${useId().replace(/:/g, '')}`
  const chosen = orders.find((o) => o.orderCode === value)
  const shown = searchConsultableOrders(orders, search)

  const close = () => {
    setOpen(false)
    setSearch('')
    setActive(0)
  }
  const choose = (order: ConsultableOrder | undefined) => {
    if (!order) return
    if (order.orderCode !== value) onChange(order.orderCode)
    close()
  }
  // On the search box itself: Taro's H5 Input keeps its key events from reaching the views around it.
  const keys = listKeyProps({
    onMove: (step) => setActive((i) => Math.min(Math.max(i + step, 0), shown.length - 1)),
    onChoose: () => choose(shown[active]),
    onEscape: close,
  })

  return (
    <View className='wo-order-picker' {...escapeKeyProps(close)}>
      <View
        role='combobox'
        aria-label={label}
        aria-expanded={open}
        aria-haspopup='listbox'
        aria-controls={listId}
        className={`wo-order-picker__box${open ? ' wo-order-picker__box--open' : ''}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {chosen ? (
          <OrderSummary order={chosen} />
        ) : (
          <Text className='wo-order-picker__placeholder'>请选择订单</Text>
        )}
      </View>
      {open && (
        <View className='wo-order-picker__panel'>
          <Input
            name='orderSearch'
            className='wo-input'
            aria-label='搜索订单编号或产品名称'
            placeholder='搜索订单编号或产品名称'
            aria-activedescendant={shown.length ? `${listId}-${active}` : undefined}
            value={search}
            {...keys}
            onInput={(e) => {
              setSearch(e.detail.value)
              setActive(0)
            }}
          />
          <View id={listId} role='listbox' aria-label={label} className='wo-order-picker__list'>
            {shown.map((order, index) => (
              <View
                key={order.orderCode}
                id={`${listId}-${index}`}
                role='option'
                aria-label={accessibleName(order)}
                aria-selected={order.orderCode === value}
                className={`wo-order-picker__option${index === active ? ' wo-order-picker__option--active' : ''}${
                  order.orderCode === value ? ' wo-order-picker__option--chosen' : ''
                }`}
                onClick={() => choose(order)}
              >
                <OrderSummary order={order} />
              </View>
            ))}
            {!shown.length && <View className='wo-order-picker__none'>没有匹配的订单</View>}
          </View>
        </View>
      )}
    </View>
  )
}
