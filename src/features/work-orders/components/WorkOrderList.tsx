import { Text, View } from '@tarojs/components'
import { memo, useRef, useState } from 'react'
import type { WorkOrderSummary } from '../../../core/contract/work-orders'
import { isClosedStatus } from '../../../core/contract/work-orders'
import { workOrderExportFilters } from '../../../core/contract/exports'
import { formatBeijingTime } from '../../../core/format/time'
import { apiUrl } from '../../../core/http/request'
import { previewImages } from '../../../core/platform/image-preview'
import { navigateTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { toast } from '../../../core/ui/toast'
import { useListGestures } from '../../../core/ui/useListGestures'
import type { ListMode } from '../../../core/ui/paging'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { useResource } from '../../../core/ui/useResource'
import { workOrderApi } from '../api'
import {
  DELETE_CONFIRM,
  DELETED_TEXT,
  EMPTY_FILTER,
  EMPTY_TEXT,
  listQuery,
  tabLabel,
  typeLabel,
  type ListFilter,
  type ListTab,
} from '../rules'
import { ExportButton } from '../../exports/components/ExportButton'
import { ListFilters } from './ListFilters'
import { StatusTag } from './StatusTag'
import './workorders.scss'

const openDetail = (order: WorkOrderSummary) => navigateTo(`/workOrderDetail?id=${order.id}`)

/** doc2 §2: the pictures a work order was submitted with, previewed from the list. */
function previewOrderImages(order: WorkOrderSummary) {
  const urls = (order.images ?? []).map((file) => apiUrl(file.fileUrl))
  previewImages(urls, urls[0])
}

function RowActions({
  order,
  onDelete,
}: {
  order: WorkOrderSummary
  onDelete(order: WorkOrderSummary): void
}) {
  return (
    <View className='wo-row-actions' onClick={(e) => e.stopPropagation()}>
      <View role='button' className='wo-link' onClick={() => openDetail(order)}>
        查看
      </View>
      {order.images?.length ? (
        <View
          role='button'
          aria-label={`预览 ${order.number} 的图片`}
          className='wo-link'
          onClick={() => previewOrderImages(order)}
        >
          {`图片(${order.images.length})`}
        </View>
      ) : null}
      {isClosedStatus(order.status) && (
        <View
          role='button'
          aria-label={`删除 ${order.number}`}
          className='wo-link wo-link--danger'
          onClick={() => onDelete(order)}
        >
          删除
        </View>
      )}
    </View>
  )
}

/**
 * The rows: a table on desktop, cards on phones. Memoised: the 服务中 count and the delete
 * confirmation change the list around them, not its rows.
 */
const WorkOrderRows = memo(function WorkOrderRows({
  mode,
  items,
  onDelete,
}: {
  mode: ListMode
  items: WorkOrderSummary[]
  onDelete(order: WorkOrderSummary): void
}) {
  const columns: Column<WorkOrderSummary>[] = [
    { key: 'number', title: '工单编号', width: '120px', render: (o) => o.number },
    { key: 'type', title: '问题分类', width: '110px', render: (o) => typeLabel(o.type) },
    {
      key: 'description',
      title: '问题描述',
      width: '3fr',
      render: (o) => <Text className='wo-ellipsis'>{o.description}</Text>,
    },
    { key: 'submitTime', title: '提交时间', width: '170px', render: (o) => formatBeijingTime(o.submitTime) },
    { key: 'status', title: '状态', width: '100px', render: (o) => <StatusTag status={o.status} /> },
    {
      key: 'actions',
      title: '操作',
      width: '150px',
      render: (o) => <RowActions order={o} onDelete={onDelete} />,
    },
  ]

  if (mode === 'pages') {
    return (
      <DataTable
        label='工单列表'
        columns={columns}
        rows={items}
        rowKey={(o) => o.id}
        rowClassName={(o) => (o.readState === 0 ? 'wo-row--unread' : '')}
      />
    )
  }
  return (
    <View className='wo-cards' role='list' aria-label='工单列表'>
      {items.map((order) => (
        <View key={order.id} role='listitem' className='wo-card' onClick={() => openDetail(order)}>
          <View className='wo-card__top'>
            <View className='wo-card__number'>
              {order.readState === 0 && <View className='wo-dot' role='img' aria-label='有新回复' />}
              <Text>{order.number}</Text>
            </View>
            <StatusTag status={order.status} />
          </View>
          <View className='wo-card__type'>{typeLabel(order.type)}</View>
          <View className='wo-card__desc'>{order.description}</View>
          <View className='wo-card__foot'>
            <Text>{formatBeijingTime(order.submitTime)}</Text>
            <RowActions order={order} onDelete={onDelete} />
          </View>
        </View>
      ))}
    </View>
  )
})

/** /myWorkOrder (doc2 §2): filters, 全部 / 服务中（n）, a table on desktop and cards on phones. */
export function WorkOrderList() {
  const mode = useListMode()
  const [tab, setTab] = useState<ListTab>('all')
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER)
  const built = listQuery(filter, tab, mode === 'more')
  const query = 'query' in built ? built.query : {}
  // The 服务中 count; a failed refresh keeps the last one shown.
  const lastCount = useRef(0)
  const count = useResource(
    () =>
      workOrderApi.inServiceCount().then(
        (n) => (lastCount.current = Number(n) || 0),
        () => lastCount.current,
      ),
    [],
  )
  const inService = count.data ?? 0
  // Back from a detail (its status or unread state may have changed), a pull-down or a delete: the
  // list and the 服务中 count load again.
  const list = usePagedList(workOrderApi.list, {
    mode,
    filter: query,
    reloadOnShow: true,
    onReload: () => void count.reload(),
  })
  const [deleting, setDeleting] = useState<WorkOrderSummary | null>(null)
  useListGestures(list)

  const confirmDelete = async () => {
    const order = deleting
    setDeleting(null)
    if (!order) return
    try {
      await workOrderApi.remove(order.id)
      toast.success(DELETED_TEXT)
      list.reload()
    } catch {
      // The request wrapper showed the server's refusal.
    }
  }

  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='wo-list card'>
      <View className='wo-list__head'>
        <View className='wo-list__title'>我的工单</View>
        <ExportButton kind='workOrders' filters={workOrderExportFilters(query)} />
        <Button size='small' type='primary' onClick={() => navigateTo('/submitWorkOrder')}>
          提交工单
        </Button>
      </View>
      <ListFilters requireBothDates={mode === 'more'} collapsible={mode === 'more'} onSearch={setFilter} />
      <View className='wo-tabs' role='tablist' aria-label='工单分类'>
        {(['all', 'inService'] as ListTab[]).map((key) => (
          <View
            key={key}
            role='tab'
            aria-selected={key === tab}
            className={`wo-tabs__tab${key === tab ? ' wo-tabs__tab--active' : ''}`}
            onClick={() => setTab(key)}
          >
            {tabLabel(key, inService)}
          </View>
        ))}
      </View>

      <ListStatus list={list} emptyText={EMPTY_TEXT} />
      {rows && <WorkOrderRows mode={mode} items={list.items} onDelete={setDeleting} />}
      {rows && mode === 'pages' && <Pager {...list.pager} />}
      <LoadMore {...list} />
      <ConfirmDialog
        open={deleting !== null}
        message={DELETE_CONFIRM}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </View>
  )
}
