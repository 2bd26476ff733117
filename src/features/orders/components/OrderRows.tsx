import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo } from '../../../core/routing/navigate'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import type { Order } from '../api'
import {
  formatAmount,
  hasSeveralLines,
  orderDetailPath,
  orderStatusLabel,
  originalAmountBeside,
  paidAmount,
  type OrderAction,
} from '../rules'
import { OrderActions } from './OrderActions'
import { OrderProduct } from './OrderLines'
import './orders.scss'

interface OrderRowsProps {
  mode: 'pages' | 'more'
  orders: Order[]
  onAction(order: Order, action: OrderAction): void
  /** The list links each order code to its /orderdetails; the detail page itself does not. */
  linkDetails?: boolean
  /** The list lets a batch's lines be shown in its row; the detail page lists them below instead. */
  expandLines?: boolean
}

function Status({ order }: { order: Order }) {
  return (
    <Text className={`order-status order-status--${order.status}`}>{orderStatusLabel(order.status)}</Text>
  )
}

function OrderCode({ order, link }: { order: Order; link?: boolean }) {
  if (!link) return <Text className='order-card__code'>{order.orderCode}</Text>
  return (
    <View
      className='order-card__code order-code--link'
      role='link'
      aria-label={`订单详情 ${order.orderCode}`}
      onClick={() => navigateTo(orderDetailPath(order.id))}
    >
      {order.orderCode}
    </View>
  )
}

/** 应付金额, with the original amount beside it where they differ. */
function Payable({ order }: { order: Order }) {
  const original = originalAmountBeside(order)
  return (
    <Text className='order-payable'>
      {formatAmount(order.payAmount, order.salesChannel)}
      {original && (
        <Text className='order-payable__original' aria-label={`原价 ${original}`}>
          {original}
        </Text>
      )}
    </Text>
  )
}

// An order code and a row's action links never wrap, so their tracks are never narrower than the
// longest of them: a code (MC and 12 digits) and 申请合同 申请发票 评价 (10 characters, 2 gaps), plus
// the cell's padding. Fixed minimums, not max-content: each row is a grid of its own, and the
// columns must line up from row to row.
const CODE_TRACK = 'minmax(calc(16ch + 24px), 1.3fr)'
const ACTIONS_TRACK = 'minmax(calc(10em + 48px), 1.5fr)'

const columns = (
  onAction: OrderRowsProps['onAction'],
  link?: boolean,
  expandLines?: boolean,
): Column<Order>[] => [
  {
    key: 'code',
    title: '订单编号',
    width: CODE_TRACK,
    render: (o) => <OrderCode order={o} link={link} />,
  },
  {
    key: 'product',
    title: '产品名称',
    width: '1.2fr',
    render: (o) => <OrderProduct order={o} expandable={expandLines} />,
  },
  { key: 'type', title: '类型', width: '60px', render: (o) => o.orderTypeStr || '--' },
  { key: 'created', title: '创建时间', width: '176px', render: (o) => formatBeijingTime(o.createTime) },
  { key: 'paid', title: '支付时间', width: '176px', render: (o) => formatBeijingTime(o.payTime) },
  { key: 'status', title: '状态', width: '70px', render: (o) => <Status order={o} /> },
  {
    key: 'payable',
    title: '应付金额',
    width: '0.9fr',
    render: (o) => <Payable order={o} />,
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
    width: ACTIONS_TRACK,
    render: (o) => <OrderActions order={o} onAction={onAction} oneLine />,
  },
]

/** Orders as a table on desktop, as cards on phones (doc2 §2 Order list). */
export function OrderRows({ mode, orders, onAction, linkDetails, expandLines = true }: OrderRowsProps) {
  if (mode === 'pages') {
    return (
      <DataTable
        label='订单列表'
        columns={columns(onAction, linkDetails, expandLines)}
        rows={orders}
        rowKey={(o) => o.id}
      />
    )
  }
  return (
    <View className='order-cards' role='list' aria-label='订单列表'>
      {orders.map((order) => (
        <View key={order.id} role='listitem' className='order-card' aria-label={`订单 ${order.orderCode}`}>
          <View className='order-card__top'>
            <OrderCode order={order} link={linkDetails} />
            <Status order={order} />
          </View>
          <View className='order-card__product'>
            {hasSeveralLines(order) ? (
              <OrderProduct order={order} expandable={expandLines} />
            ) : (
              `${order.productName} ${order.productVersion} · ${order.orderTypeStr || '--'}`
            )}
          </View>
          <View className='order-card__line'>
            <Text>
              应付金额 <Payable order={order} />
            </Text>
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
