import { View } from '@tarojs/components'
import { buyCycleLabel } from '../../../core/validation/business-orders'
import { yuan } from '../../../core/format/money'
import type { PaymentLine } from '../rules'

// Column classes keep the desktop header over its cells (the product column is twice as wide).
const HEADINGS = [
  ['产品名称', 'pay-lines__product'],
  ['规格', ''],
  ['购买时长', ''],
  ['数量', ''],
  ['金额', 'pay-lines__price'],
] as const

/**
 * doc2 §3 "Payment line": one row per product (cards on phones, a grid on desktop via CSS), each with
 * its domain under its name when it has one (a batch renewal pays for several at once).
 */
export function OrderLines({ lines }: { lines: PaymentLine[] }) {
  return (
    <View className='pay-lines' role='table' aria-label='订单明细'>
      <View className='pay-lines__row pay-lines__row--head' role='row'>
        {HEADINGS.map(([title, className]) => (
          <View key={title} role='columnheader' className={`pay-lines__cell ${className}`}>
            {title}
          </View>
        ))}
      </View>
      {lines.map((line, index) => (
        <View key={`${line.OrderNo}-${index}`} className='pay-lines__row' role='row'>
          <View role='cell' className='pay-lines__cell pay-lines__product'>
            {line.ProductName}
            {/* A renewal names the product it renews: a batch has several of the same kind. */}
            {line.secondDomain && <View className='pay-lines__domain'>{line.secondDomain}</View>}
          </View>
          <View role='cell' className='pay-lines__cell'>
            {line.ProductTypeName}
          </View>
          <View role='cell' className='pay-lines__cell'>
            {buyCycleLabel(line.BuyCycle, line.PayMethod)}
          </View>
          <View role='cell' className='pay-lines__cell'>
            ×{line.Count}
          </View>
          <View role='cell' className='pay-lines__cell pay-lines__price'>
            {yuan(line.Price)}
          </View>
        </View>
      ))}
    </View>
  )
}
