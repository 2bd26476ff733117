import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { Order } from '../api'
import { formatAmount, hasSeveralLines, linesTotal, orderLinesTitle, orderLineView } from '../rules'
import './orders.scss'

/**
 * The product of a list row or card: the product as always for an order of one line; for several,
 * 批量续费 · 3个产品 and a 明细 switch that lists each (product, domain, cycle, amount) in the row,
 * so the table keeps its columns at 1366 px and a long batch does not stretch every row.
 */
export function OrderProduct({ order, expandable = true }: { order: Order; expandable?: boolean }) {
  const [open, setOpen] = useState(false)
  if (!hasSeveralLines(order)) return <>{`${order.productName} ${order.productVersion}`.trim()}</>
  return (
    <View className='order-lines-inline'>
      <View className='order-lines-inline__head'>
        <Text>{orderLinesTitle(order)}</Text>
        {expandable && (
          <View
            className='order-lines-inline__toggle'
            role='button'
            aria-expanded={open}
            aria-label={`${open ? '收起' : '展开'}订单 ${order.orderCode} 的产品`}
            onClick={(event) => {
              event.stopPropagation()
              setOpen(!open)
            }}
          >
            {open ? '收起' : '明细'}
          </View>
        )}
      </View>
      {open && (
        <View role='list' aria-label={`订单 ${order.orderCode} 的产品`}>
          {order.lines.map((line, index) => {
            const view = orderLineView(line, order.salesChannel)
            return (
              // Lines have no id on the wire; they never reorder.
              <View key={index} role='listitem' className='order-lines-inline__item'>
                {[view.product, view.domain, view.cycle, view.amount].join(' · ')}
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
}

const HEADINGS = ['产品', '域名', '时长', '金额'] as const

/** 订单明细 of one order of several lines (the order detail): every line, then the total. */
export function OrderLinesTable({ order }: { order: Order }) {
  if (!hasSeveralLines(order)) return null
  return (
    <View className='order-lines'>
      <View className='order-lines__title' role='heading' aria-level={2}>
        订单明细
      </View>
      <View role='table' aria-label='订单明细'>
        <View role='row' className='order-lines__row order-lines__row--head'>
          {HEADINGS.map((title) => (
            <View key={title} role='columnheader' className='order-lines__cell'>
              {title}
            </View>
          ))}
        </View>
        {order.lines.map((line, index) => {
          const view = orderLineView(line, order.salesChannel)
          return (
            <View key={index} role='row' className='order-lines__row'>
              <View role='cell' className='order-lines__cell order-lines__product'>
                {view.product}
              </View>
              <View role='cell' className='order-lines__cell order-lines__domain'>
                {view.domain}
              </View>
              <View role='cell' className='order-lines__cell'>
                {view.cycle}
              </View>
              <View role='cell' className='order-lines__cell order-lines__amount'>
                {view.amount}
              </View>
            </View>
          )
        })}
        <View role='row' className='order-lines__row order-lines__row--total'>
          <View role='cell' className='order-lines__cell'>
            合计
          </View>
          <View role='cell' className='order-lines__cell order-lines__amount' aria-label='合计'>
            {formatAmount(linesTotal(order.lines), order.salesChannel)}
          </View>
        </View>
      </View>
    </View>
  )
}
