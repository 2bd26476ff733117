import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import type { Order } from '../api'
import { formatAmount, orderStatusLabel, paidAmount, type OrderAction } from '../rules'
import { OrderActions } from './OrderActions'
import './orders.scss'

interface OrderRowsProps {
  mode: 'pages' | 'more'
  orders: Order[]
  onAction(order: Order, action: OrderAction): void
}

function Status({ order }: { order: Order }) {
  return (
    <Text className={`order-status order-status--${order.status}`}>{orderStatusLabel(order.status)}</Text>
  )
}

const columns = (onAction: OrderRowsProps['onAction']): Column<Order>[] => [
  { key: 'code', title: '订单编号', width: '1.3fr', render: (o) => o.orderCode },
  {
    key: 'product',
    title: '产品名称',
    width: '1.2fr',
    render: (o) => `${o.productName} ${o.productVersion}`.trim(),
  },
  { key: 'type', title: '类型', width: '60px', render: (o) => o.orderTypeStr || '--' },
  { key: 'created', title: '创建时间', width: '176px', render: (o) => formatBeijingTime(o.createTime) },
  { key: 'paid', title: '支付时间', width: '176px', render: (o) => formatBeijingTime(o.payTime) },
  { key: 'status', title: '状态', width: '70px', render: (o) => <Status order={o} /> },
  {
    key: 'payable',
    title: '应付金额',
    width: '0.9fr',
    render: (o) => formatAmount(o.payAmount, o.salesChannel),
  },
  {
    key: 'amount',
    title: '实付金额',
    width: '0.9fr',
    render: (o) => formatAmount(paidAmount(o), o.salesChannel),
  },
  {
    key: 'actions',
    title: '操作',
    width: '1.5fr',
    render: (o) => <OrderActions order={o} onAction={onAction} />,
  },
]

/** Orders as a table on desktop, as cards on phones (doc2 §2 Order list). */
export function OrderRows({ mode, orders, onAction }: OrderRowsProps) {
  if (mode === 'pages') {
    return <DataTable label='订单列表' columns={columns(onAction)} rows={orders} rowKey={(o) => o.id} />
  }
  return (
    <View className='order-cards' role='list' aria-label='订单列表'>
      {orders.map((order) => (
        <View key={order.id} role='listitem' className='order-card' aria-label={`订单 ${order.orderCode}`}>
          <View className='order-card__top'>
            <Text className='order-card__code'>{order.orderCode}</Text>
            <Status order={order} />
          </View>
          <View className='order-card__product'>
            {order.productName} {order.productVersion} · {order.orderTypeStr || '--'}
          </View>
          <View className='order-card__line'>
            <Text>应付金额 {formatAmount(order.payAmount, order.salesChannel)}</Text>
            <Text>实付金额 {formatAmount(paidAmount(order), order.salesChannel)}</Text>
          </View>
          <View className='order-card__meta'>创建时间 {formatBeijingTime(order.createTime)}</View>
          <View className='order-card__meta'>支付时间 {formatBeijingTime(order.payTime)}</View>
          <OrderActions order={order} onAction={onAction} />
        </View>
      ))}
    </View>
  )
}
