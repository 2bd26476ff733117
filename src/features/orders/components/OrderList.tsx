import { View } from '@tarojs/components'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { useListGestures } from '../../../core/ui/useListGestures'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { ExportButton } from '../../exports/components/ExportButton'
import { MergedInvoiceButton } from '../../invoices/components/MergedInvoiceButton'
import { orderApi } from '../api'
import { useOrderActions } from '../hooks/useOrderActions'
import { ORDER_EMPTY_TEXT } from '../rules'
import { OrderRows } from './OrderRows'
import './orders.scss'

/** 订单管理 (doc2 §2 Order list): 10 a page on desktop, cards with load-more on phones. */
export function OrderList() {
  const mode = useListMode()
  const list = usePagedList(orderApi.list, { mode })
  useListGestures(list)
  const actions = useOrderActions({ reload: list.reload, restart: () => list.pager.onChange(1) })
  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='orders card'>
      <View className='orders__head'>
        <View className='orders__title'>订单管理</View>
        <View className='orders__tools'>
          <MergedInvoiceButton onApplied={() => void list.reload()} />
          <ExportButton kind='orders' />
        </View>
      </View>
      <ListStatus list={list} emptyText={ORDER_EMPTY_TEXT} />
      {rows && <OrderRows mode={mode} orders={list.items} onAction={actions.run} linkDetails />}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
      {actions.dialogs}
    </View>
  )
}
