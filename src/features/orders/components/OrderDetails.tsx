import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { redirectTo } from '../../../core/routing/navigate'
import { HOME_PATH } from '../../../core/routing/routes'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { useResource } from '../../../core/ui/useResource'
import { orderApi } from '../api'
import { useOrderActions } from '../hooks/useOrderActions'
import { ORDER_EMPTY_TEXT } from '../rules'
import { OrderLinesTable } from './OrderLines'
import { OrderRows } from './OrderRows'
import { PaymentRecords } from './PaymentRecords'
import './orders.scss'

export interface OrderDetailsQuery {
  /** The business id (type 0). */
  id?: string
  detailId?: string
  type?: string
}

function back() {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else redirectTo(HOME_PATH)
}

/** 订单详情 (doc2 §2 Order detail): type 0 lists a business's orders, otherwise one order. */
export function OrderDetails({ query }: { query: OrderDetailsQuery }) {
  return (
    <View className='orders card'>
      <View className='orders__head'>
        <View className='orders__back' role='link' aria-label='返回' onClick={back}>
          ‹
        </View>
        <View className='orders__title'>订单详情</View>
      </View>
      {query.type === '0' ? (
        <BusinessOrders businessId={query.id ?? ''} />
      ) : (
        <SingleOrder orderId={query.detailId ?? ''} />
      )}
    </View>
  )
}

function BusinessOrders({ businessId }: { businessId: string }) {
  const mode = useListMode()
  const list = usePagedList(orderApi.ofBusiness, { mode, filter: { businessId: Number(businessId) } })
  const actions = useOrderActions({ reload: list.reload, restart: () => list.pager.onChange(1) })
  return (
    <>
      <ListStatus list={list} emptyText={ORDER_EMPTY_TEXT} />
      {list.status === 'ready' && !list.empty && (
        <OrderRows mode={mode} orders={list.items} onAction={actions.run} />
      )}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
      {actions.dialogs}
    </>
  )
}

function SingleOrder({ orderId }: { orderId: string }) {
  const mode = useListMode()
  const order = useResource(() => orderApi.byId({ orderId: Number(orderId) }), [orderId], {
    fallback: ORDER_EMPTY_TEXT,
  })
  const reload = () => void order.reload()
  const actions = useOrderActions({ reload, restart: reload })
  if (!order.data) return <ResourceStatus resource={order} />
  return (
    <>
      <OrderRows mode={mode} orders={[order.data]} onAction={actions.run} expandLines={false} />
      <OrderLinesTable order={order.data} />
      <PaymentRecords payments={order.data.payments} />
      {actions.dialogs}
    </>
  )
}
