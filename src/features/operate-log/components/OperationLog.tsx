import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { formatBeijingTime } from '../../../core/format/time'
import { redirectTo } from '../../../core/routing/navigate'
import { useSession } from '../../../core/session/store'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { useListGestures } from '../../../core/ui/useListGestures'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { ExportButton } from '../../exports/components/ExportButton'
import { operateLogApi, type OperationRecord } from '../api'
import {
  canSeeOperationLog,
  isFailedLog,
  LOG_EMPTY_TEXT,
  logBackPath,
  logStatusLabel,
  logTypeLabel,
} from '../rules'
import './operation-log.scss'

function Status({ record }: { record: OperationRecord }) {
  return (
    <Text className={`state-text state-text--${isFailedLog(record.status) ? 'failed' : 'ok'}`}>
      {logStatusLabel(record.status)}
    </Text>
  )
}

const COLUMNS: Column<OperationRecord>[] = [
  { key: 'user', title: '用户', width: '1.2fr', render: (r) => r.memberAccount || '--' },
  { key: 'type', title: '类型', width: '1fr', render: (r) => logTypeLabel(r.type) },
  { key: 'content', title: '内容', width: '2.4fr', render: (r) => r.content || '--' },
  { key: 'status', title: '状态', width: '70px', render: (r) => <Status record={r} /> },
  { key: 'ip', title: 'IP', width: '130px', render: (r) => r.ip || '--' },
  { key: 'time', title: '时间', width: '170px', render: (r) => formatBeijingTime(r.createTime) },
]

/** The operation log (account-area §2): table with paging on desktop, cards with load-more on phones. */
export function OperationLog() {
  const userinfo = useSession((s) => s.userinfo)
  const allowed = canSeeOperationLog(userinfo)
  useEffect(() => {
    if (!allowed) redirectTo(logBackPath())
  }, [allowed])
  return allowed ? <OperationLogList /> : null
}

function OperationLogList() {
  const mode = useListMode()
  const list = usePagedList(operateLogApi.list, { mode })
  useListGestures(list)
  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='oplog card'>
      <View className='oplog__head'>
        <View className='oplog__back' role='link' onClick={() => redirectTo(logBackPath())}>
          ‹ 返回
        </View>
        <View className='list-title'>操作日志</View>
        <ExportButton kind='operateLog' />
      </View>
      <ListStatus list={list} emptyText={LOG_EMPTY_TEXT} />
      {rows && mode === 'pages' && (
        <DataTable label='操作日志' columns={COLUMNS} rows={list.items} rowKey={(r) => r.id} />
      )}
      {rows && mode === 'more' && (
        <View className='oplog-cards' role='list' aria-label='操作日志'>
          {list.items.map((record) => (
            <View key={record.id} role='listitem' className='list-card'>
              <View className='list-card__top'>
                <Text className='list-card__title'>{logTypeLabel(record.type)}</Text>
                <Status record={record} />
              </View>
              <View className='oplog-card__content'>{record.content || '--'}</View>
              <View className='list-card__meta'>
                <Text>{record.memberAccount}</Text>
                <Text>{record.ip}</Text>
                <Text>{formatBeijingTime(record.createTime)}</Text>
              </View>
            </View>
          ))}
        </View>
      )}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
    </View>
  )
}
