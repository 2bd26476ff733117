import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { toast } from '../../../core/ui/toast'
import { useListGestures } from '../../../core/ui/useListGestures'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { useSubmit } from '../../../core/ui/useSubmit'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { noticeApi, type Notice, type NoticeTarget } from '../api'
import { useSelection } from '../hooks/useSelection'
import {
  DELETE_ALL_CONFIRM,
  DELETE_SELECTED_CONFIRM,
  DELETED_TEXT,
  EMPTY_TEXT,
  isUnread,
  MARKED_READ_TEXT,
  noticeTitle,
  noticeTypeLabel,
  NOTHING_SELECTED_TEXT,
  READ_FILTERS,
  readStatusLabel,
  readStatusQuery,
  type ReadFilter,
} from '../rules'
import './notices.scss'

const openNotice = (notice: Notice) => navigateTo(`/noticesDetail?id=${notice.id}`)

function Title({ notice }: { notice: Notice }) {
  return (
    <View className='notice-title'>
      {isUnread(notice) && <View className='notice-title__dot' role='img' aria-label='未读' />}
      <Text className={isUnread(notice) ? 'notice-title__text--unread' : ''}>{noticeTitle(notice)}</Text>
    </View>
  )
}

const COLUMNS: Column<Notice>[] = [
  { key: 'title', title: '标题', width: '3fr', render: (n) => <Title notice={n} /> },
  { key: 'type', title: '类型', width: '1fr', render: (n) => noticeTypeLabel(n.type) },
  { key: 'time', title: '时间', width: '180px', render: (n) => formatBeijingTime(n.createTime) },
  { key: 'status', title: '状态', width: '80px', render: (n) => readStatusLabel(n) },
]

/** The notice list (account-area §2): filter, select, mark read, delete; table on desktop, cards on phones. */
export function NoticeList() {
  const mode = useListMode()
  const [filter, setFilter] = useState<ReadFilter>('all')
  // Back from a detail (now read): the list as it is now.
  const list = usePagedList(noticeApi.list, { mode, filter: readStatusQuery(filter), reloadOnShow: true })
  useListGestures(list)
  const selection = useSelection(list.items.map((n) => n.id))
  // The notices a confirm dialog asks to delete.
  const [deleting, setDeleting] = useState<NoticeTarget | null>(null)
  // The request wrapper has shown the server's message of a refusal.
  const change = useSubmit({ ignore: () => true })
  const busy = change.busy

  const chosen = [...selection.selected]
  const run = (action: () => Promise<unknown>, done: string) =>
    change.run(async () => {
      await action()
      toast.success(done)
      selection.clear()
      void list.reload()
      refreshUnreadCounts()
    })
  const markRead = (target: NoticeTarget) => {
    if (target !== 'all' && !target.length) return toast.info(NOTHING_SELECTED_TEXT)
    run(() => noticeApi.markRead(target), MARKED_READ_TEXT)
  }
  const askDelete = (target: NoticeTarget) => {
    if (target !== 'all' && !target.length) return toast.info(NOTHING_SELECTED_TEXT)
    setDeleting(target)
  }
  const confirmDelete = () => {
    const target = deleting
    setDeleting(null)
    if (target) run(() => noticeApi.remove(target), DELETED_TEXT)
  }

  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='notices card'>
      <View className='notices__head'>
        <View className='notices__title'>消息中心</View>
        <View className='notices__filters' role='tablist' aria-label='消息筛选'>
          {READ_FILTERS.map((f) => (
            <View
              key={f.key}
              role='tab'
              aria-selected={f.key === filter}
              className={`notices__filter${f.key === filter ? ' notices__filter--active' : ''}`}
              onClick={() => setFilter(f.key)}
            >
              {f.label}
            </View>
          ))}
        </View>
      </View>
      <View className='notices__toolbar' role='toolbar' aria-label='消息操作'>
        {mode === 'more' && (
          <View className='notices__select-all'>
            <Checkbox
              label='全选'
              checked={rows && chosen.length === list.items.length}
              mixed={chosen.length > 0}
              disabled={!rows}
              onChange={selection.toggleAll}
            />
            <Text>全选</Text>
          </View>
        )}
        <Button size='small' disabled={busy} onClick={() => markRead(chosen)}>
          标记已读{chosen.length ? ` (${chosen.length})` : ''}
        </Button>
        <Button size='small' disabled={busy} onClick={() => askDelete(chosen)}>
          删除
        </Button>
        <Button size='small' disabled={busy} onClick={() => markRead('all')}>
          全部已读
        </Button>
        <Button size='small' disabled={busy} onClick={() => askDelete('all')}>
          全部删除
        </Button>
      </View>

      <ListStatus list={list} emptyText={EMPTY_TEXT} />
      {rows && mode === 'pages' && (
        <DataTable
          label='消息列表'
          columns={COLUMNS}
          rows={list.items}
          rowKey={(n) => n.id}
          rowLabel={(n) => noticeTitle(n)}
          onRowClick={openNotice}
          selection={{
            selected: selection.selected,
            onToggle: selection.toggle,
            onToggleAll: selection.toggleAll,
          }}
        />
      )}
      {rows && mode === 'more' && (
        <View className='notice-cards' role='list' aria-label='消息列表'>
          {list.items.map((notice) => (
            <View key={notice.id} role='listitem' className='notice-card' onClick={() => openNotice(notice)}>
              <Checkbox
                label={`选择 ${noticeTitle(notice)}`}
                checked={selection.selected.has(notice.id)}
                onChange={(checked) => selection.toggle(notice.id, checked)}
              />
              <View className='notice-card__body'>
                <Title notice={notice} />
                <View className='list-card__meta'>
                  <Text>{noticeTypeLabel(notice.type)}</Text>
                  <Text>{formatBeijingTime(notice.createTime)}</Text>
                  <Text>{readStatusLabel(notice)}</Text>
                </View>
              </View>
            </View>
          ))}
        </View>
      )}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}

      <ConfirmDialog
        open={deleting !== null}
        message={deleting === 'all' ? DELETE_ALL_CONFIRM : DELETE_SELECTED_CONFIRM}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </View>
  )
}
